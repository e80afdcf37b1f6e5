// Server texts in the account's culture: every culture the portal offers (the contract's LanguageCulture enum) has
// every message key and resource string, translated; the messages endpoints answer in the signed-in account's
// language, or the session's (setculture cookie) before sign-in; the actions stay the ids the portal matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LanguageCulture, MessageKey } from '@assessment/sdk';
import {
  MESSAGE_CULTURES,
  MODAL_TEXTS,
  messageIn,
  modalTextsIn,
  resourceStringIn,
} from '../src/message-cultures/index.ts';
import { MESSAGES, RESOURCE_STRINGS } from '../src/messages.ts';
import { signedIn, startServer, type TestServer } from './helpers.ts';

/** Texts that may read as in English, with the reason. */
const SAME_AS_ENGLISH: Readonly<Record<string, { reason: string; cultures: readonly string[] }>> = {
  'modals.message': { reason: '"Message" is the French word', cultures: ['fr-FR'] },
  'cookieWarning.title': {
    reason: '"Cookies" is the word in these languages',
    cultures: ['de-DE', 'es-ES', 'fr-FR', 'pt-BR'],
  },
};

const OTHER_CULTURES = Object.values(LanguageCulture).filter((culture) => culture !== 'en-US');

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

describe('server texts per culture', () => {
  it('every culture but English has a catalogue, and nothing else has', () => {
    expect(OTHER_CULTURES.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(MESSAGE_CULTURES).sort()).toEqual([...OTHER_CULTURES].sort());
  });

  it.each(OTHER_CULTURES)('%s: every message key and resource string, no other, translated', (culture) => {
    const catalogue = MESSAGE_CULTURES[culture];
    expect(Object.keys(catalogue.messages).sort(), 'message keys').toEqual(Object.values(MessageKey).sort());
    expect(Object.keys(catalogue.resources).sort(), 'resource strings').toEqual(
      Object.keys(RESOURCE_STRINGS).sort(),
    );
    const untranslated: string[] = [];
    for (const key of Object.values(MessageKey)) {
      const [title, message] = catalogue.messages[key] ?? ['', ''];
      expect(title.trim(), key).not.toBe('');
      expect(message.trim(), key).not.toBe('');
      if (title === MESSAGES[key].title) untranslated.push(`${key}.title`);
      if (message === MESSAGES[key].message) untranslated.push(`${key}.message`);
      // A message ending in a colon is followed by a list (iokit_cant_continue): the translation keeps it.
      expect(/[:：]$/.test(message), key).toBe(MESSAGES[key].message.endsWith(':'));
    }
    for (const [key, english] of Object.entries(RESOURCE_STRINGS)) {
      if (catalogue.resources[key] === english) untranslated.push(`resources.${key}`);
    }
    expect(Object.keys(catalogue.modals).sort(), 'modal words').toEqual(Object.keys(MODAL_TEXTS).sort());
    for (const [key, english] of Object.entries(MODAL_TEXTS)) {
      const text = catalogue.modals[key as keyof typeof MODAL_TEXTS];
      if (text === english) untranslated.push(`modals.${key}`);
    }
    expect(catalogue.modals.signedInAs).toContain('{email}');
    const allowed = Object.entries(SAME_AS_ENGLISH)
      .filter(([, entry]) => entry.cultures.includes(culture))
      .map(([id]) => id);
    expect(untranslated.sort()).toEqual(allowed.sort());
  });

  it('keeps the English actions, which the portal matches as ids, and falls back to English for a missing key', () => {
    for (const culture of OTHER_CULTURES) {
      expect(messageIn(culture, 'confirmStop').actions).toEqual(['Cancel', 'Confirm']);
      expect(messageIn(culture, 'projectcreated').actions).toEqual(['View project', 'OK']);
    }
    expect(messageIn('en-US', 'confirmStop')).toEqual(MESSAGES.confirmStop);
    expect(resourceStringIn('en-US', 'Error404')).toBe(RESOURCE_STRINGS.Error404);
    expect(resourceStringIn('de-DE', 'no_such_string')).toBeUndefined();
  });

  it('answers in the session culture before sign-in (setculture cookie), English without one', async () => {
    const french = await fetch(`${t.url}/api/message/confirmStop`, { headers: { Cookie: 'culture=fr-FR' } });
    expect(await french.json()).toEqual({
      title: 'Arrêter la collecte',
      message: 'Voulez-vous arrêter cette collecte ? Elle ne pourra pas être reprise.',
      actions: ['Cancel', 'Confirm'],
    });
    const german = await fetch(`${t.url}/api/message/GetResourceString/ConnectionInterrupted`, {
      headers: { Cookie: 'culture=de-DE' },
    });
    expect(await german.json()).toBe(MESSAGE_CULTURES['de-DE'].resources.ConnectionInterrupted);
    const unknown = await fetch(`${t.url}/api/message/confirmStop`, { headers: { Cookie: 'culture=xx-YY' } });
    expect(await unknown.json()).toEqual(MESSAGES.confirmStop);
    const none = await fetch(`${t.url}/api/message/confirmStop`);
    expect(await none.json()).toEqual(MESSAGES.confirmStop);
  });

  it('answers in the signed-in account’s language', async () => {
    const client = await signedIn(t, 'partner.member@contoso-partners.example');
    expect((await client.json('GET', '/api/message/project_delete')).body).toEqual(MESSAGES.project_delete);
    expect((await client.request('PUT', '/api/account/language/ja-JP')).status).toBe(200);
    const japanese = await client.json('GET', '/api/message/project_delete');
    expect(japanese.body).toEqual(messageIn('ja-JP', 'project_delete'));
    expect((japanese.body as { title: string }).title).toBe('プロジェクトの削除');
    const resource = await client.json('GET', '/api/message/GetResourceString/signin_throttled');
    expect(resource.body).toBe(MESSAGE_CULTURES['ja-JP'].messages.signin_throttled?.[1]);
  });

  it('renders modals and type-ahead results in the session or account culture', async () => {
    const german = await fetch(`${t.url}/modal/Language`, { headers: { Cookie: 'culture=de-DE' } });
    expect(await german.text()).toContain(`<h2 class="modal-title">${modalTextsIn('de-DE').language}</h2>`);
    const english = await fetch(`${t.url}/modal/Language`);
    expect(await english.text()).toContain('<h2 class="modal-title">Language</h2>');
    const client = await signedIn(t, 'partner.member@contoso-partners.example');
    expect((await client.request('PUT', '/api/account/language/zh-TW')).status).toBe(200);
    const eula = await (await client.request('GET', '/modal/EULANeeded')).text();
    expect(eula).toContain(MESSAGE_CULTURES['zh-TW'].modals.eulaTitle);
    expect(eula).toContain(MESSAGE_CULTURES['zh-TW'].modals.eulaText);
    const none = await (await client.request('GET', '/company/autocomplete/?name=zzzz-nothing')).text();
    expect(none).toContain(MESSAGE_CULTURES['zh-TW'].modals.noSearchResults);
    expect((await client.request('PUT', '/api/account/language/en-US')).status).toBe(200);
  });
});
