/**
 * POST /api/sendMail/form as a browser without scripts uses it: a urlencoded post answered
 * with a redirect to the app's feedback-sent page, or with a page that shows the form again.
 * What is checked is what the visitor would notice (status, where the browser goes, what the
 * page shows) and what the owner would find in the store; whatever reaches the store runs on
 * each engine.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { FEEDBACK_LIMITS } from '../../common/feedback.ts';
import {
  postFeedback,
  startTestServer,
  storedCount,
  TEST_PUBLIC_URL,
  TestClock,
  validPayload,
  type TestServer,
  type TestServerOptions,
} from '../../tests/server/helpers.ts';
import { ENGINES } from '../../tests/server/store-engines.ts';

const FORM_URL = '/api/sendMail/form';
const STATIC_HOST = 'https://pages.example.net';

let server: TestServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const window = new Window();
afterAll(() => window.happyDOM.close());

/** A server for one test: on a fresh store of `engine`, default SQLite. */
async function start(options: TestServerOptions = {}) {
  server = await startTestServer(options);
  return server.app;
}

type App = Awaited<ReturnType<typeof start>>;

/** The fields of the support page's form as a person fills it in, scripts on. */
function formFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'The bill reminders saved me a late fee.\r\nThank you!',
    website: '',
    idempotencyKey: 'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b',
    ...overrides,
  };
}

/** A POST of the form as a browser sends it from the site's own page. */
function postForm(
  app: App,
  fields: Record<string, string> | string,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: FORM_URL,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_PUBLIC_URL,
      ...options.headers,
    },
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The stored messages with these words, as the owner lists them. */
async function messagesSaying(app: App, words: string) {
  return (await app.inbox.list()).filter((message) => message.message === words);
}

/** The page as a browser would read it. */
function parse(html: string) {
  return new window.DOMParser().parseFromString(html, 'text/html');
}

type Page = ReturnType<typeof parse>;

/** A textarea's value: the HTML parser drops one line break right after its start tag. */
function textareaValue(page: Page, selector: string): string | undefined {
  return page.querySelector(selector)?.textContent.replace(/^\n/, '');
}

function inputValue(page: Page, selector: string): string | undefined {
  return page.querySelector(selector)?.getAttribute('value') ?? undefined;
}

function alertText(page: Page): string {
  return (page.querySelector('[role="alert"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe.each(ENGINES)('on $name', (engine) => {
  /**
   * One server for the tests that leave nothing another would notice: its limits are off,
   * each test posts its own key and words, and counts what it adds.
   */
  let shared: TestServer | undefined;
  beforeAll(async () => {
    shared = await startTestServer({ engine, languages: ['es'] });
  });
  afterAll(async () => {
    await shared?.close();
  });
  const app = () => {
    if (!shared) throw new Error('The shared server did not start');
    return shared.app;
  };

  test('a post from a page in another language is stored with it and leads to that language’s page', async () => {
    const response = await postForm(
      app(),
      formFields({ language: 'es', message: 'Me encanta la app.', idempotencyKey: 'from-es' }),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/es/echoexpense/feedback-sent`);
    const [stored] = await messagesSaying(app(), 'Me encanta la app.');
    expect(stored?.language).toBe('es');
    // A language the site does not have is the default language's page.
    const other = await postForm(
      app(),
      formFields({ language: 'xx', message: 'Unknown page language.', idempotencyKey: 'from-xx' }),
    );
    expect(other.headers.location).toBe(`${TEST_PUBLIC_URL}/echoexpense/feedback-sent`);
    const [plain] = await messagesSaying(app(), 'Unknown page language.');
    expect(plain?.language).toBeNull();
  });

  test('a valid post is stored once, trimmed, with its line breaks as typed, and leads to the app’s feedback-sent page', async () => {
    const before = await storedCount(app());
    const response = await postForm(
      app(),
      formFields({
        firstName: '  Ada ',
        message: '\r\nFirst line\r\nSecond line\r\n',
        idempotencyKey: 'valid-post',
      }),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/echoexpense/feedback-sent`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedCount(app())).toBe(before + 1);
    expect(await messagesSaying(app(), 'First line\nSecond line')).toMatchObject([
      {
        appName: 'EchoExpense',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        status: 'pending',
        spam: false,
      },
    ]);
  });

  test('the same post twice (a double submit, a resend) stores one message', async () => {
    const before = await storedCount(app());
    const post = formFields({ message: 'Sent twice by a double click.', idempotencyKey: 'double' });
    const first = await postForm(app(), post);
    const again = await postForm(app(), post);
    expect([first.statusCode, again.statusCode]).toEqual([303, 303]);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await storedCount(app())).toBe(before + 1);
    expect(await messagesSaying(app(), 'Sent twice by a double click.')).toHaveLength(1);
  });

  test('the same key with another message stores both; another key with the same message too', async () => {
    const words = 'Kept under its page view’s key.';
    const post = formFields({ message: words, idempotencyKey: 'page-view' });
    await postForm(app(), post);
    const changed = await postForm(app(), { ...post, message: 'Something else entirely.' });
    const otherView = await postForm(app(), { ...post, idempotencyKey: 'another-page-view' });
    expect([changed.statusCode, otherView.statusCode]).toEqual([303, 303]);
    expect(await messagesSaying(app(), words)).toHaveLength(2);
    expect(await messagesSaying(app(), 'Something else entirely.')).toHaveLength(1);
  });

  test('with scripts off (an empty key) identical posts still store one message, different ones each', async () => {
    const words = 'Sent with scripts off.';
    const noKey = formFields({ message: words, idempotencyKey: '' });
    expect((await postForm(app(), noKey)).statusCode).toBe(303);
    expect((await postForm(app(), noKey)).statusCode).toBe(303);
    // Trimmed values are the same message.
    expect((await postForm(app(), { ...noKey, lastName: ' Lovelace ' })).statusCode).toBe(303);
    expect(await messagesSaying(app(), words)).toHaveLength(1);
    await postForm(app(), { ...noKey, email: 'ada.lovelace@example.com' });
    expect(await messagesSaying(app(), words)).toHaveLength(2);
  });

  test('a form key never meets a key of the JSON route', async () => {
    const key = 'shared-key-1';
    const words = 'The same words, by script and by form.';
    const json = await postFeedback(app(), validPayload({ message: words }), {
      headers: { 'idempotency-key': key },
    });
    const form = await postForm(app(), formFields({ message: words, idempotencyKey: key }));
    expect([json.statusCode, form.statusCode]).toEqual([202, 303]);
    expect(await messagesSaying(app(), words)).toHaveLength(2);
  });

  test('a filled honeypot gets the same redirect, and the message is kept as spam, never mailed', async () => {
    const owner = app().inbox;
    const before = await owner.counts();
    const words = 'Buy now, a bot wrote this.';
    const response = await postForm(
      app(),
      formFields({ website: 'https://spam.example', message: words, idempotencyKey: 'bot' }),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/echoexpense/feedback-sent`);
    expect(await messagesSaying(app(), words)).toMatchObject([{ spam: true, status: 'spam' }]);
    expect(await owner.counts()).toMatchObject({
      pending: before.pending,
      spam: before.spam + 1,
    });
  });

  test('a store that cannot be written gets the 503 page with Retry-After, the text kept', async () => {
    const words = 'Written while the disk was read-only.';
    const post = formFields({ message: words, idempotencyKey: 'read-only' });
    vi.spyOn(app().intake, 'accept').mockRejectedValueOnce(
      new Error('attempt to write a readonly database'),
    );
    const refused = await postForm(app(), post);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    const page = parse(refused.body);
    expect(alertText(page)).toContain('Feedback cannot be stored right now');
    expect(inputValue(page, '#email')).toBe('ada@example.com');
    expect(textareaValue(page, '#message')).toBe(words);
    expect(await messagesSaying(app(), words)).toHaveLength(0);
    // Sent again from that page, it is stored.
    expect((await postForm(app(), post)).statusCode).toBe(303);
    expect(await messagesSaying(app(), words)).toHaveLength(1);
  });

  describe('a message at the limits', () => {
    test('of 5000 characters with line breaks is accepted: a posted CRLF counts once, as in the form', async () => {
      const line = 'A line of feedback.\n';
      const max = FEEDBACK_LIMITS.messageMaxLength;
      const message = line.repeat(Math.floor(max / line.length)) + 'z'.repeat(max % line.length);
      expect(message).toHaveLength(max);
      const response = await postForm(
        app(),
        formFields({ message: message.replace(/\n/g, '\r\n'), idempotencyKey: 'longest' }),
      );
      expect(response.statusCode).toBe(303);
      expect(await messagesSaying(app(), message.trimEnd())).toHaveLength(1);
    });

    test('the longest message in Chinese is accepted, percent-encoded three times its size', async () => {
      const message = '你'.repeat(FEEDBACK_LIMITS.messageMaxLength);
      const body = new URLSearchParams(formFields({ message, lastName: '李'.repeat(100) }));
      expect(body.toString().length).toBeGreaterThan(FEEDBACK_LIMITS.bodyMaxBytes * 2);
      const response = await postForm(app(), formFields({ message, lastName: '李'.repeat(100) }));
      expect(response.statusCode).toBe(303);
      expect(await messagesSaying(app(), message)).toHaveLength(1);
    });

    test('a body over 64 KiB gets the 413 page and nothing is stored', async () => {
      const before = await storedCount(app());
      const response = await postForm(
        app(),
        formFields({ message: 'x'.repeat(FEEDBACK_LIMITS.formBodyMaxBytes) }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(alertText(parse(response.body))).toMatch(/not sent.*too long/);
      expect(await storedCount(app())).toBe(before);
    });
  });

  describe('the limits are the JSON route’s own', () => {
    test('after the JSON route’s allowance the form gets the 429 page with Retry-After, the text kept', async () => {
      const clock = new TestClock();
      const limited = await start({
        engine,
        clock,
        env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '2' },
        languages: ['es'],
      });
      const remoteAddress = '203.0.113.20';
      for (let index = 0; index < 2; index++) {
        const response = await postFeedback(limited, validPayload(), { remoteAddress });
        expect(response.statusCode).toBe(202);
      }
      clock.advance(25_000);
      const refused = await postForm(limited, formFields(), { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('35');
      const page = parse(refused.body);
      expect(alertText(page)).toContain('Too many messages from this address; try again later.');
      expect(alertText(page)).toContain('You can try again in 35 second');
      expect(textareaValue(page, '#message')).toBe(
        'The bill reminders saved me a late fee.\nThank you!',
      );
      // From a Spanish page, the same refusal in Spanish.
      const fromSpanish = parse(
        (await postForm(limited, formFields({ language: 'es' }), { remoteAddress })).body,
      );
      expect(alertText(fromSpanish)).toContain(
        'Demasiados mensajes desde esta dirección; inténtalo de nuevo más tarde.',
      );
      expect(alertText(fromSpanish)).toContain('Puedes volver a intentarlo dentro de 35 segundos.');
      expect(await storedCount(limited)).toBe(2);
      clock.advance(35_000);
      expect((await postForm(limited, formFields(), { remoteAddress })).statusCode).toBe(303);
    });

    test('and the form’s posts count against the JSON route', async () => {
      const limited = await start({ engine, env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '2' } });
      const remoteAddress = '203.0.113.21';
      await postForm(limited, formFields({ idempotencyKey: 'a' }), { remoteAddress });
      await postForm(limited, formFields({ idempotencyKey: 'b' }), { remoteAddress });
      const json = await postFeedback(limited, validPayload(), { remoteAddress });
      expect(json.statusCode).toBe(429);
      // A resend of a stored post is answered as before, over the limit too.
      const resend = await postForm(limited, formFields({ idempotencyKey: 'a' }), {
        remoteAddress,
      });
      expect(resend.statusCode).toBe(303);
      expect(await storedCount(limited)).toBe(2);
    });
  });
});

describe('where a stored post leads', () => {
  test('to the feedback-sent page on the origin of the page that posted, when it is allowed', async () => {
    const app = await start({ env: { SITE_ORIGINS: STATIC_HOST } });
    const response = await postForm(app, formFields({ appName: 'Manzanos PopShop' }), {
      headers: { origin: STATIC_HOST, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${STATIC_HOST}/manzanos-popshop/feedback-sent`);
    // A form needs no CORS: its answer names no origin.
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('to the public address when the post carries no Origin', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: FORM_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(formFields()).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/echoexpense/feedback-sent`);
  });

  test('to the app’s own page for an app without a feedback-sent page', async () => {
    const app = await start();
    const response = await postForm(app, formFields({ appName: 'Watchlistr (Web)' }));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/watchlistr-web`);
  });

  test('the form posted again from the API’s own page (pages hosted apart) is accepted', async () => {
    const app = await start({ env: { SITE_ORIGINS: STATIC_HOST } });
    const fromApiPage = await postForm(app, formFields(), {
      headers: { origin: 'http://api.portfolio.test', host: 'api.portfolio.test' },
    });
    expect(fromApiPage.statusCode).toBe(303);
    expect(fromApiPage.headers.location).toBe(`${TEST_PUBLIC_URL}/echoexpense/feedback-sent`);
    const foreign = await postForm(app, formFields({ idempotencyKey: 'other' }), {
      headers: { origin: 'http://elsewhere.test', host: 'api.portfolio.test' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await storedCount(app)).toBe(1);
  });
});

describe('a refused field', () => {
  const typed = {
    firstName: 'Ada "<script>alert(1)</script>',
    lastName: `O'Brien & <b>Co</b>`,
    email: 'ada"@example',
    message: '</textarea><script>alert("x")</script>\r\nSecond line & more',
  };

  test('gets 400 and the form again: what was typed kept, each problem beside its field', async () => {
    const app = await start();
    const response = await postForm(app, formFields(typed));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedCount(app)).toBe(0);
    // Nothing typed became markup.
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('<b>');

    const page = parse(response.body);
    expect(page.documentElement.getAttribute('lang')).toBe('en');
    expect(page.title).toBe('Feedback not sent — EchoExpense');
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(page.querySelector('h1')?.textContent).toBe('Send Feedback');
    expect(page.querySelector('main')?.textContent).toContain('EchoExpense');
    expect(alertText(page)).toContain('Your feedback was not sent.');
    expect(alertText(page)).toContain('Email must be an email address like name@example.com.');

    expect(inputValue(page, '#firstName')).toBe(typed.firstName);
    expect(inputValue(page, '#lastName')).toBe(typed.lastName);
    expect(inputValue(page, '#email')).toBe(typed.email);
    expect(textareaValue(page, '#message')).toBe(
      '</textarea><script>alert("x")</script>\nSecond line & more',
    );
    for (const [id, label] of [
      ['firstName', 'First Name'],
      ['lastName', 'Last Name'],
      ['email', 'Email'],
      ['message', 'Message'],
    ]) {
      expect(page.querySelector(`label[for="${id}"]`)?.textContent).toBe(label);
    }

    const email = page.querySelector('#email');
    expect(email?.getAttribute('aria-invalid')).toBe('true');
    const described = page.querySelector(`#${email?.getAttribute('aria-describedby') ?? 'none'}`);
    expect(described?.textContent).toBe('Email must be an email address like name@example.com.');
    // The problem sits in the field's own group, between its label and its input.
    expect(described?.parentElement).toBe(email?.parentElement);
    expect(page.querySelector('#firstName')?.getAttribute('aria-invalid')).toBeNull();

    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(FORM_URL);
    expect(inputValue(page, 'input[type="hidden"][name="appName"]')).toBe('EchoExpense');
    expect(inputValue(page, 'input[type="hidden"][name="idempotencyKey"]')).toBe(
      formFields().idempotencyKey,
    );
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Submit Feedback');
    const back = page.querySelector('a[href$="/echoexpense"]');
    expect(back?.getAttribute('href')).toBe(`${TEST_PUBLIC_URL}/echoexpense`);
    expect(back?.textContent).toBe('Back to EchoExpense');
  });

  test('an empty field says it is required, in the form’s words', async () => {
    const app = await start();
    const response = await postForm(app, formFields({ firstName: '  ', message: '' }));
    expect(response.statusCode).toBe(400);
    const page = parse(response.body);
    expect(page.querySelector('#firstName-error')?.textContent).toBe('First Name is required.');
    expect(page.querySelector('#message-error')?.textContent).toBe('Message is required.');
    expect(page.querySelector('#message')?.getAttribute('aria-describedby')).toContain(
      'message-error',
    );
    expect(page.querySelector('a[href="#firstName"]')?.textContent).toBe('First Name is required.');
    // No script counts the typing here: the line under Message says the limit, not a count.
    const hint = page.querySelector('#message-hint');
    expect(hint?.textContent).toBe('At most 5,000 characters.');
    expect(page.querySelector('#message')?.getAttribute('aria-describedby')).toContain(
      'message-hint',
    );
  });

  test('the page runs no script and its policy allows exactly its own style', async () => {
    const app = await start();
    const response = await postForm(app, formFields({ email: 'nope' }));
    const csp = String(response.headers['content-security-policy']);
    const style = parse(response.body).querySelector('style')?.textContent ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  test('a name the site does not know shows no form, only the reason and the way home', async () => {
    const app = await start();
    const response = await postForm(app, formFields({ appName: 'Not An App' }));
    expect(response.statusCode).toBe(400);
    const page = parse(response.body);
    expect(page.querySelector('form')).toBeNull();
    expect(alertText(page)).toContain('Your feedback was not sent.');
    expect(page.querySelector(`a[href="${TEST_PUBLIC_URL}/"]`)?.textContent).toBe(
      'Go to the home page',
    );
    expect(await storedCount(app)).toBe(0);
  });

  test('a field the form does not have, or a damaged key, is refused and nothing is stored', async () => {
    const app = await start();
    const extra = await postForm(
      app,
      `${new URLSearchParams(formFields()).toString()}&__proto__=x`,
    );
    expect(extra.statusCode).toBe(400);
    expect(alertText(parse(extra.body))).toContain('__proto__');
    const twice = await postForm(
      app,
      `${new URLSearchParams(formFields()).toString()}&email=b@example.com`,
    );
    expect(twice.statusCode).toBe(400);
    const badKey = await postForm(app, formFields({ idempotencyKey: 'has spaces' }));
    expect(badKey.statusCode).toBe(400);
    // The form shown again carries no damaged key, so sending it again works.
    const page = parse(badKey.body);
    expect(inputValue(page, 'input[name="idempotencyKey"]')).toBe('');
    expect(await storedCount(app)).toBe(0);
  });
});

describe('from a page in another language', () => {
  test('the page speaks it: its words, its direction, each problem and the way back', async () => {
    const app = await start({ languages: ['es', 'ar'] });
    const response = await postForm(
      app,
      formFields({ language: 'es', firstName: '  ', email: 'nope', message: 'Hola' }),
    );
    expect(response.statusCode).toBe(400);
    const page = parse(response.body);
    expect(page.documentElement.getAttribute('lang')).toBe('es');
    expect(page.documentElement.getAttribute('dir')).toBe('ltr');
    expect(page.title).toBe('Comentarios no enviados — EchoExpense');
    expect(page.querySelector('h1')?.textContent).toBe('Enviar comentarios');
    expect(alertText(page)).toContain('Tus comentarios no se enviaron.');
    expect(alertText(page)).toContain('Hay campos que corregir:');
    expect(page.querySelector('#firstName-error')?.textContent).toBe(
      'Nombre: este campo es obligatorio.',
    );
    expect(page.querySelector('#email-error')?.textContent).toBe(
      'Correo electrónico: debe ser una dirección de correo como nombre@ejemplo.com.',
    );
    expect(page.querySelector('label[for="message"]')?.textContent).toBe('Mensaje');
    expect(page.querySelector('#message-hint')?.textContent).toBe('Como máximo 5000 caracteres.');
    expect(textareaValue(page, '#message')).toBe('Hola');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Enviar');
    // Sent again, the form is still from the Spanish page.
    expect(inputValue(page, 'input[type="hidden"][name="language"]')).toBe('es');
    const back = page.querySelector(`a[href="${TEST_PUBLIC_URL}/es/echoexpense"]`);
    expect(back?.textContent).toBe('Volver a EchoExpense');
  });

  test('written right to left, the page is too', async () => {
    const app = await start({ languages: ['es', 'ar'] });
    const page = parse((await postForm(app, formFields({ language: 'ar', lastName: '' }))).body);
    expect(page.documentElement.getAttribute('lang')).toBe('ar');
    expect(page.documentElement.getAttribute('dir')).toBe('rtl');
    expect(page.querySelector('h1')?.textContent).toBe('إرسال ملاحظات');
    expect(alertText(page)).toContain('لم تُرسل ملاحظاتك.');
    expect(page.querySelector('label[for="lastName"]')?.textContent).toBe('اسم العائلة');
  });

  test('refused before its form is read, the page speaks the language of the page it came from', async () => {
    const app = await start({ languages: ['es', 'ar'], env: { SITE_ORIGINS: STATIC_HOST } });
    const response = await postForm(app, formFields(), {
      headers: {
        origin: 'https://attacker.example',
        referer: 'https://attacker.example/es/echoexpense/support',
      },
    });
    expect(response.statusCode).toBe(403);
    const page = parse(response.body);
    expect(page.documentElement.getAttribute('lang')).toBe('es');
    expect(alertText(page)).toContain(
      'Solo se aceptan comentarios desde las páginas de este sitio.',
    );
    expect(page.querySelector(`a[href="${TEST_PUBLIC_URL}/es/"]`)?.textContent).toBe(
      'Ir a la página de inicio',
    );
    // A language the site does not have: the default language's page.
    const unknown = await postForm(app, formFields(), {
      headers: { origin: 'https://attacker.example', referer: 'https://attacker.example/xx/' },
    });
    expect(parse(unknown.body).documentElement.getAttribute('lang')).toBe('en');
  });
});

describe('a request the route does not take', () => {
  test('from another origin gets the 403 page, and nothing is stored', async () => {
    const app = await start({ env: { SITE_ORIGINS: STATIC_HOST } });
    const response = await postForm(app, formFields(), {
      headers: { origin: 'https://attacker.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = parse(response.body);
    expect(alertText(page)).toContain('only accepted from the pages of this site');
    expect(page.querySelector('form')).toBeNull();
    expect(String(response.headers['content-security-policy'])).toContain("form-action 'none'");
    expect(await storedCount(app)).toBe(0);
  });

  test('a JSON body gets the 415 page, and nothing is stored', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: FORM_URL,
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      payload: JSON.stringify(validPayload()),
    });
    expect(response.statusCode).toBe(415);
    expect(alertText(parse(response.body))).toContain('Your feedback was not sent.');
    expect(await storedCount(app)).toBe(0);
  });

  test.each(['GET', 'PUT', 'OPTIONS'] as const)('%s gets 405 with Allow: POST', async (method) => {
    const app = await start();
    const response = await app.inject({ method, url: FORM_URL });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(alertText(parse(response.body))).toContain('only receives the feedback form');
  });
});

test('its log lines are the JSON route’s, marked as the form’s', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await start({ logger: { level: 'info', stream } });
  await postForm(app, formFields());
  await postForm(app, formFields({ email: 'nope' }));
  const entries = lines.map(
    (line) => JSON.parse(line) as { msg: string; form?: boolean; fields?: string[] },
  );
  expect(entries.find((entry) => entry.msg === 'feedback accepted')).toMatchObject({
    form: true,
  });
  expect(entries.find((entry) => entry.msg === 'feedback refused')).toMatchObject({
    form: true,
    fields: ['email'],
  });
});
