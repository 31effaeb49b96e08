import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNotification, type ParsedNotification } from './payload';

/**
 * Real Cloud API notifications from pywa's test suite (MIT; source and commit in
 * apps/server/test/fixtures/public/README.md), each file a map of name → one whole notification, kept unchanged.
 */
function samples(file: string): Record<string, unknown> {
  const url = new URL(`../../../test/fixtures/public/whatsapp/pywa-${file}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

/** The phone number id the sample was sent to (every sample has one change). */
const phoneIdOf = (notification: unknown) =>
  (notification as { entry: Array<{ changes: Array<{ value: { metadata: { phone_number_id: string } } }> }> }).entry[0]!.changes[0]!.value
    .metadata.phone_number_id;

const parse = (notification: unknown) => parseNotification(notification, phoneIdOf(notification));

/** The one message of a sample. */
function only(notification: unknown) {
  const parsed = parse(notification);
  expect(parsed.messages).toHaveLength(1);
  expect(parsed.foreign).toBe(0);
  return parsed.messages[0]!;
}

const messages = samples('message');

describe('real inbound messages (pywa tests/data/updates/message.json)', () => {
  it('reads texts, replies, forwards and ad referrals, with the sender and the profile name', () => {
    expect(only(messages.text)).toEqual({
      id: 'wamid.xyzxyz',
      from: { kind: 'wa_id', id: '972987654321' },
      content: { kind: 'text', text: 'Body Text' },
      name: 'Test Name',
    });
    // `context` (a reply, a forward) and `referral` (click-to-WhatsApp ad) do not change what is read.
    expect(only(messages.reply).content).toEqual({ kind: 'text', text: 'replied text' });
    expect(only(messages.forwarded).content).toEqual({ kind: 'text', text: 'forwarded text' });
    expect(only(messages.forwarded_many_times).content).toEqual({ kind: 'text', text: 'text forwarded many times' });
    expect(only(messages.referral)).toMatchObject({ id: 'wamid.ID', content: { kind: 'text', text: 'BODY' } });
  });

  it('reads the captions of a video and a document; an image without one gets the polite notice', () => {
    expect(only(messages.video).content).toEqual({ kind: 'caption', label: 'Vídeo', text: 'caption' });
    expect(only(messages.document).content).toEqual({ kind: 'caption', label: 'Documento', text: 'caption' });
    expect(only(messages.image).content).toEqual({ kind: 'unsupported', label: 'Imagem' });
    expect(only(messages.media_with_url).content).toEqual({ kind: 'unsupported', label: 'Imagem' });
  });

  it.each([
    ['audio', 'Áudio'],
    ['voice', 'Mensagem de voz'],
    ['static_sticker', 'Figurinha'],
    ['animated_sticker', 'Figurinha'],
    ['current_location', 'Localização'],
    ['chosen_location', 'Localização'],
    ['contacts', 'Contato'],
    ['order', 'Pedido'],
    ['unsupported', 'Mensagem não suportada'],
    ['unsupported_with_type', 'Mensagem não suportada'],
  ])('%s: not readable yet, so the customer is told (never silence)', (name, label) => {
    expect(only(messages[name]).content).toEqual({ kind: 'unsupported', label });
  });

  it('ignores reactions and their removal (empty or no emoji)', () => {
    for (const name of ['reaction', 'unreaction_empty', 'unreaction_no_emoji']) expect(only(messages[name]).content).toEqual({ kind: 'ignored' });
  });

  it('an interactive message Meta could not deliver (no payload, value-level 131000) is answered, and the error surfaced', () => {
    // Was { kind: 'ignored' }: the customer tapped or sent something and got no answer at all.
    const parsed = parse(messages.interactive_message_with_err);
    expect(parsed.messages.map((m) => [m.id, m.content])).toEqual([
      ['wamid.wegrchytvwcggt=', { kind: 'unsupported', label: 'Mensagem não suportada' }],
    ]);
    expect(parsed.problems).toEqual([
      { messageId: null, recipient: null, code: 131000, title: 'Something went wrong: Unsupported webhook payload' },
    ]);
  });

  it('every sample parses without a problem besides that one', () => {
    const withProblems = Object.entries(messages).filter(([, n]) => parse(n).problems.length > 0).map(([name]) => name);
    expect(withProblems).toEqual(['interactive_message_with_err']);
  });
});

describe('real button and list replies (callback_button.json, callback_selection.json)', () => {
  it('reads a tapped reply button, a template quick reply (with or without context) and a list row as their titles', () => {
    for (const [name, notification] of [...Object.entries(samples('callback_button')), ...Object.entries(samples('callback_selection'))]) {
      expect([name, only(notification).content]).toEqual([name, { kind: 'text', text: 'title' }]);
    }
    // Both `from` and `from_user_id`: answered at the phone number, as before usernames.
    expect(only(samples('callback_button').quick_reply_without_context).from).toEqual({ kind: 'wa_id', id: '972987654321' });
  });

  it('a completed flow (nfm_reply) gets the polite notice instead of silence', () => {
    for (const notification of Object.values(samples('flow_completion'))) {
      expect(only(notification).content).toEqual({ kind: 'unsupported', label: 'Mensagem não suportada' });
    }
  });
});

describe('real edits, deletions and system notices', () => {
  it('an edited caption is read as a message of its own (its own wamid)', () => {
    // Was { kind: 'ignored' }: the customer's corrected question was dropped.
    expect(only(samples('edited_message').image)).toEqual({
      id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      from: { kind: 'wa_id', id: '16505551234' },
      content: { kind: 'caption', label: 'Imagem', text: 'Updated image caption' },
    });
  });

  it('ignores a deleted message and system notices (number or identity changed)', () => {
    const deleted = samples('deleted_message').revoke;
    expect(parseNotification(deleted, '<BUSINESS_PHONE_NUMBER_ID>').messages.map((m) => m.content)).toEqual([{ kind: 'ignored' }]);
    for (const notification of Object.values(samples('system'))) expect(only(notification).content).toEqual({ kind: 'ignored' });
  });
});

describe('real delivery statuses (message_status.json)', () => {
  const statuses = samples('message_status');

  it('reads every status (sent, delivered, read, played, group) as an update of its wamid and answers none', () => {
    const expected = { sent: 'sent', delivered: 'delivered', read: 'read', played: 'read', with_tracker: 'sent' } as const;
    for (const [name, status] of Object.entries(expected)) {
      expect(parse(statuses[name])).toEqual<ParsedNotification>({
        messages: [],
        statuses: 1,
        updates: [{ id: 'wamid.xyzxyz', status, code: null, detail: null }],
        foreign: 0,
        problems: [],
      });
    }
    expect(parseNotification(statuses.group, '<BUSINESS_PHONE_NUMBER_ID>')).toEqual({
      messages: [],
      statuses: 1,
      updates: [{ id: '<WHATSAPP_MESSAGE_ID>', status: 'read', code: null, detail: null }],
      foreign: 0,
      problems: [],
    });
  });

  it('reads a failed status as a failure of its wamid, with the error code and Meta\'s words', () => {
    expect(parse(statuses.failed).updates).toEqual([
      {
        id: 'wamid.xyzxyz',
        status: 'failed',
        code: 130472,
        detail: "User's number is part of an experiment: Failed to send message because this user's phone number is part of an experiment",
      },
    ]);
  });

  it('surfaces a failed delivery with its error (was only counted)', () => {
    expect(parse(statuses.failed).problems).toEqual([
      {
        messageId: 'wamid.xyzxyz',
        recipient: '972987654321',
        code: 130472,
        title: "User's number is part of an experiment: Failed to send message because this user's phone number is part of an experiment",
      },
    ]);
  });

  it('a status for another phone number is foreign, its failure not ours', () => {
    expect(parseNotification(statuses.failed, '999')).toEqual({ messages: [], statuses: 0, updates: [], foreign: 1, problems: [] });
  });
});

describe('real samples batched in one notification', () => {
  it('processes every entry and change: messages in order, statuses counted, problems kept', () => {
    const parts = ['text', 'video', 'interactive_message_with_err', 'reaction'].map((name) => messages[name] as { entry: unknown[] });
    const failed = samples('message_status').failed as { entry: unknown[] };
    const batch = { object: 'whatsapp_business_account', entry: [...parts.flatMap((p) => p.entry), ...failed.entry] };
    const parsed = parseNotification(batch, '1122334455667');
    expect(parsed.messages.map((m) => m.content.kind)).toEqual(['text', 'caption', 'unsupported', 'ignored']);
    expect(parsed.statuses).toBe(1);
    expect(parsed.problems.map((p) => p.code)).toEqual([131000, 130472]);
  });
});
