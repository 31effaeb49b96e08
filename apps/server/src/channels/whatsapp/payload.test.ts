import { describe, expect, it } from 'vitest';
import { parseNotification } from './payload';

const PHONE_ID = '106540352242922';

/** A notification envelope as the Cloud API sends it, with the given messages/statuses in one change. */
function envelope(value: Record<string, unknown>, phoneNumberId = PHONE_ID) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511999990000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const contacts = [{ profile: { name: 'Maria' }, wa_id: '5511988887777' }];
const message = (type: string, fields: Record<string, unknown>, id = `wamid.${type}`) => ({
  from: '5511988887777',
  id,
  timestamp: '1749416383',
  type,
  ...fields,
});
const parseOne = (type: string, fields: Record<string, unknown>) => {
  const parsed = parseNotification(envelope({ contacts, messages: [message(type, fields)] }), PHONE_ID);
  expect(parsed.messages).toHaveLength(1);
  return parsed.messages[0]!;
};

describe('parseNotification', () => {
  it("reads a text message with its sender, wamid and the sender's profile name", () => {
    expect(parseOne('text', { text: { body: 'Qual o horário de vocês? 🕐' } })).toEqual({
      id: 'wamid.text',
      from: { kind: 'wa_id', id: '5511988887777' },
      content: { kind: 'text', text: 'Qual o horário de vocês? 🕐' },
      name: 'Maria',
    });
  });

  it('reads tapped buttons and list rows as text (their titles)', () => {
    const button = { type: 'button_reply', button_reply: { id: 'b1', title: 'Ver cardápio' } };
    const list = { type: 'list_reply', list_reply: { id: 'r1', title: 'Entrega', description: 'Prazo e taxa' } };
    expect(parseOne('interactive', { interactive: button }).content).toEqual({ kind: 'text', text: 'Ver cardápio' });
    expect(parseOne('interactive', { interactive: list }).content).toEqual({ kind: 'text', text: 'Entrega' });
    expect(parseOne('button', { button: { payload: 'p', text: 'Quero falar com alguém' } }).content).toEqual({
      kind: 'text',
      text: 'Quero falar com alguém',
    });
  });

  it.each([
    ['image', { image: { id: 'm1', mime_type: 'image/jpeg' } }, 'Imagem'],
    ['image', { image: { id: 'm1', mime_type: 'image/jpeg', caption: '  ' } }, 'Imagem'],
    ['audio', { audio: { id: 'm2', mime_type: 'audio/ogg; codecs=opus', voice: false } }, 'Áudio'],
    ['audio', { audio: { id: 'm3', mime_type: 'audio/ogg; codecs=opus', voice: true } }, 'Mensagem de voz'],
    ['video', { video: { id: 'm4', mime_type: 'video/mp4' } }, 'Vídeo'],
    ['document', { document: { id: 'm5', filename: 'pedido.pdf', mime_type: 'application/pdf' } }, 'Documento'],
    ['sticker', { sticker: { id: 'm6', mime_type: 'image/webp', animated: false } }, 'Figurinha'],
    ['location', { location: { latitude: -23.55, longitude: -46.63, name: 'Loja' } }, 'Localização'],
    ['contacts', { contacts: [{ name: { formatted_name: 'João' }, phones: [{ phone: '+55 11 90000-0000' }] }] }, 'Contato'],
    ['unsupported', { errors: [{ code: 131051, title: 'Message type unknown' }] }, 'Mensagem não suportada'],
  ])('marks %s as not understood yet (polite reply)', (type, fields, label) => {
    expect(parseOne(type, fields).content).toEqual({ kind: 'unsupported', label });
  });

  it.each([
    ['image', { image: { id: 'm1', mime_type: 'image/jpeg', caption: 'quanto custa? ' } }, 'Imagem'],
    ['video', { video: { id: 'm4', mime_type: 'video/mp4', caption: 'quanto custa?' } }, 'Vídeo'],
    ['document', { document: { id: 'm5', filename: 'pedido.pdf', caption: 'quanto custa?' } }, 'Documento'],
  ])('reads the caption of %s as a message (the media itself is not read)', (type, fields, label) => {
    expect(parseOne(type, fields).content).toEqual({ kind: 'caption', label, text: 'quanto custa?' });
  });

  it('ignores reactions, system notices, unknown types and empty texts (no reply)', () => {
    expect(parseOne('reaction', { reaction: { message_id: 'wamid.x', emoji: '👍' } }).content).toEqual({ kind: 'ignored' });
    expect(parseOne('system', { system: { body: 'Maria changed their phone number', type: 'user_changed_number' } }).content).toEqual({
      kind: 'ignored',
    });
    expect(parseOne('request_welcome', {}).content).toEqual({ kind: 'ignored' });
    expect(parseOne('text', { text: { body: '   ' } }).content).toEqual({ kind: 'ignored' });
  });

  it('counts statuses without turning them into messages', () => {
    const statuses = ['sent', 'delivered', 'read', 'failed'].map((status) => ({
      id: 'wamid.out',
      status,
      timestamp: '1749416390',
      recipient_id: '5511988887777',
    }));
    expect(parseNotification(envelope({ statuses: [...statuses, { id: 'wamid.out', status: 'deleted' }, { status: 'sent' }] }), PHONE_ID)).toEqual({
      messages: [],
      statuses: 6,
      updates: [
        { id: 'wamid.out', status: 'sent', code: null, detail: null },
        { id: 'wamid.out', status: 'delivered', code: null, detail: null },
        { id: 'wamid.out', status: 'read', code: null, detail: null },
        { id: 'wamid.out', status: 'failed', code: null, detail: 'failed without an error' },
      ],
      foreign: 0,
      problems: [{ messageId: 'wamid.out', recipient: '5511988887777', code: null, title: 'failed without an error' }],
    });
  });

  it('answers business-scoped users (no `from`, only `from_user_id`) by their user id', () => {
    const payload = envelope({
      contacts: [{ profile: { name: 'Ana' }, user_id: 'BR.13491208655302741918' }],
      messages: [{ from_user_id: 'BR.13491208655302741918', id: 'wamid.bsuid', timestamp: '1', type: 'text', text: { body: 'oi' } }],
    });
    expect(parseNotification(payload, PHONE_ID).messages[0]).toMatchObject({
      from: { kind: 'user_id', id: 'BR.13491208655302741918' },
      content: { kind: 'text', text: 'oi' },
    });
  });

  it('processes every entry, change and message of a batch', () => {
    const one = envelope({ contacts, messages: [message('text', { text: { body: 'a' } }, 'w1'), message('text', { text: { body: 'b' } }, 'w2')] });
    const two = envelope({ messages: [message('image', { image: { id: 'i' } }, 'w3')], statuses: [{ id: 'x', status: 'read' }] });
    const payload = { object: 'whatsapp_business_account', entry: [...one.entry, { id: 'e2', changes: [...two.entry[0]!.changes, { field: 'account_update', value: {} }] }] };
    const parsed = parseNotification(payload, PHONE_ID);
    expect(parsed.messages.map((m) => m.id)).toEqual(['w1', 'w2', 'w3']);
    expect(parsed.statuses).toBe(1);
  });

  it('skips changes for another phone number and malformed items', () => {
    expect(parseNotification(envelope({ contacts, messages: [message('text', { text: { body: 'a' } })] }, '999'), PHONE_ID)).toEqual({
      messages: [],
      statuses: 0,
      updates: [],
      foreign: 1,
      problems: [],
    });
    const payload = envelope({ messages: [{ type: 'text', text: { body: 'sem id' } }, { id: 'w', type: 'text' }, 'lixo', null] });
    expect(parseNotification(payload, PHONE_ID).messages).toEqual([]);
    expect(parseNotification(null).messages).toEqual([]);
    expect(parseNotification({ entry: 'x' }).messages).toEqual([]);
  });
});
