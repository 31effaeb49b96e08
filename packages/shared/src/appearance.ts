import { z } from 'zod';
import { DEFAULT_BRAND_COLOR } from './colors';

/*
 * How an agent looks to customers (the workspace's 'Aparência'): brand colour,
 * avatar, display name, welcome message, suggested questions and the side of
 * the page where the website bubble sits. Applied to the public chat page,
 * the embedded frame and the /widget.js bubble.
 */

export const DISPLAY_NAME_MAX = 60;
export const WELCOME_MESSAGE_MAX = 500;
export const SUGGESTIONS_MAX = 4;
export const SUGGESTION_MAX = 80;
/** Avatars are small pictures shown at 40 px: 512 KB is plenty, and keeps every chat page light. */
export const AVATAR_MAX_BYTES = 512 * 1024;
/** Raster images only: an SVG can carry scripts. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

export const widgetPositions = ['right', 'left'] as const;
export type WidgetPosition = (typeof widgetPositions)[number];

const HEX_COLOR = /^#[0-9a-f]{6}$/;

export const appearanceInputSchema = z.object({
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR, 'Escolha uma cor no formato #RRGGBB (por exemplo, #4f46e5)'),
  displayName: z.string().trim().max(DISPLAY_NAME_MAX, `Use no máximo ${DISPLAY_NAME_MAX} caracteres no nome`),
  welcomeMessage: z.string().trim().max(WELCOME_MESSAGE_MAX, `Use no máximo ${WELCOME_MESSAGE_MAX} caracteres na mensagem de boas-vindas`),
  suggestions: z
    .array(z.string().trim().max(SUGGESTION_MAX, `Use no máximo ${SUGGESTION_MAX} caracteres em cada pergunta sugerida`))
    .max(SUGGESTIONS_MAX, `Escolha no máximo ${SUGGESTIONS_MAX} perguntas sugeridas`)
    // Empty boxes in the form are simply not used.
    .transform((list) => list.filter(Boolean)),
  position: z.enum(widgetPositions, 'Escolha o lado da página: direita ou esquerda'),
});
export type AppearanceInput = z.input<typeof appearanceInputSchema>;
export type Appearance = z.output<typeof appearanceInputSchema>;

/** What the owner edits (GET/PUT /api/agents/{id}/appearance): the saved settings and the avatar's address. */
export const agentAppearanceSchema = z.object({
  color: z.string(),
  displayName: z.string(),
  welcomeMessage: z.string(),
  suggestions: z.array(z.string()),
  position: z.enum(widgetPositions),
  /** null when there is no avatar. */
  avatarUrl: z.string().nullable(),
});
export type AgentAppearance = z.infer<typeof agentAppearanceSchema>;

/**
 * What the public chat and the widget read (GET /webhook/{id}): only what a customer sees anyway. The same
 * shape, with the display name falling back to the agent's name.
 */
export const publicAppearanceSchema = agentAppearanceSchema;
export type PublicAppearance = AgentAppearance;

export const defaultAppearance: Appearance = {
  color: DEFAULT_BRAND_COLOR,
  displayName: '',
  welcomeMessage: '',
  suggestions: [],
  position: 'right',
};

/** The type of an image from its first bytes (PNG, JPEG, WebP), or null: the name and the declared type are not trusted. */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return 'image/webp';
  }
  return null;
}
