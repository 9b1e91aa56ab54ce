/**
 * The page that answers a form post the server refused: "Send Feedback" with the app's
 * name, a summary of why the feedback was not sent (role=alert), and the form again with
 * what was typed and each field's problem beside it, posting to the same endpoint. It needs
 * no script and loads nothing: its few styles are inline, allowed by their hash in its own
 * Content-Security-Policy (`feedbackPageCsp`). It looks like the site (its dark or light
 * theme, as the visitor's system prefers, and its accent), keeps AA contrast and visible
 * focus in both, and fits a 320 px wide screen.
 *
 * The form is the site's own: its fields come from the component the site's form renders
 * (`common/feedback-fields.tsx`), rendered here as HTML. The page speaks the language of the
 * page that posted (`RefusalWords`): its words, its `lang` and `dir`, its fields' problems. Everything that came from the
 * request is HTML-escaped, in text and in attributes alike (React escapes what it renders;
 * `escapeHtml` the rest).
 */
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { FeedbackFields, type FeedbackFieldsClasses } from '../../common/feedback-fields.tsx';
import { FEEDBACK_FORM_ENDPOINT, type FeedbackFormField } from '../../common/feedback.ts';
import type { RefusalWords } from './refusal-words.ts';

/** The form shown again: its app, what was typed, and the problem of each refused field. */
export interface ShownForm {
  appName: string;
  /** The app's page, for the "Back to …" link. */
  appHref: string;
  values: Record<FeedbackFormField, string>;
  /** Each refused field's sentence, e.g. "First Name is required.". */
  problems: Partial<Record<FeedbackFormField, string>>;
  /** The posted idempotency key, carried over (empty when there was none). */
  key: string;
  /** The posting page's language, where not the site's default: posted again with the form. */
  language: string | undefined;
}

/** What a refusal page says. */
export interface RefusalPage {
  /** Its words, in the language of the page that posted. */
  words: RefusalWords;
  /** Why the feedback was not sent, in a sentence or two. */
  reason: string;
  /** Seconds until a retry may succeed (429, 503). */
  retryAfterSeconds?: number;
  /** Problems that belong to no field shown, one sentence each. */
  otherProblems?: readonly string[];
  /** The form again; without it, the page links to `homeHref` instead. */
  form?: ShownForm;
  homeHref: string;
}

const STYLE = [
  ':root{color-scheme:light dark}',
  '*{box-sizing:border-box}',
  "body{margin:0;background:#050816;color:#eef2ff;font:1rem/1.6 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}",
  'main{max-width:38rem;margin:0 auto;padding:clamp(1.25rem,5vw,3rem) clamp(1rem,4vw,2rem)}',
  'h1{margin:0;font-size:clamp(1.5625rem,1.3rem + 1.2vw,1.953rem);line-height:1.2;letter-spacing:-.015em}',
  '.app{margin:.25rem 0 1.5rem;color:#b4bdd8}',
  '.alert{margin:0 0 1.5rem;padding:1rem 1.25rem;border:2px solid #ff8a8a;border-radius:.75rem;background:#160b17}',
  '.alert h2{margin:0;font-size:1.125rem;line-height:1.3}',
  '.alert p,.alert ul{margin:.5rem 0 0}',
  '.alert ul{padding-inline-start:1.25rem}',
  'a{color:#6cb8ff;text-underline-offset:.15em}',
  'a:hover{color:#a8d4ff}',
  ':focus-visible{outline:3px solid #8ccaff;outline-offset:2px}',
  'form{display:grid;gap:1rem}',
  '.names{display:grid;gap:1rem;align-items:end}',
  '@media (min-width:480px){.names{grid-template-columns:1fr 1fr}}',
  '.field{display:grid;gap:.25rem;min-width:0}',
  'label{font-weight:600;font-size:.875rem}',
  'input,textarea{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #8b93b0;border-radius:.75rem;background:#02030b;color:#eef2ff;font:inherit}',
  'textarea{min-height:9rem;resize:vertical}',
  'input:focus-visible,textarea:focus-visible{border-color:#1e90ff}',
  "[aria-invalid='true']{border:2px solid #ff8a8a}",
  '.error{margin:0;color:#ff8a8a;font-size:.875rem;font-weight:600}',
  '.hint{margin:0;color:#b4bdd8;font-size:.875rem}',
  'button{justify-self:start;min-height:2.75rem;padding:0 1.5rem;border:1px solid #1e90ff;border-radius:999px;background:#1e90ff;color:#03101f;font:inherit;font-weight:600;cursor:pointer}',
  'button:hover{background:#4aa8ff}',
  '@media (max-width:479px){button{justify-self:stretch}}',
  '.hp{position:absolute;inset-inline-start:-10000px;width:1px;height:1px;overflow:hidden}',
  '.back{margin:1.5rem 0 0}',
  // The site's light theme, for a visitor whose system prefers light (no script here reads a
  // choice made on the site, so the page follows the system as the site does without scripts).
  '@media (prefers-color-scheme:light){',
  'body{background:#eef3fc;color:#0c1530}',
  '.app,.hint{color:#46526e}',
  '.alert{border-color:#b42318;background:#fdf0ef}',
  'a{color:#0b5fc6}a:hover{color:#0c1530}:focus-visible{outline-color:#0b5fc6}',
  'input,textarea{border-color:#7b87a3;background:#fff;color:#0c1530}',
  "[aria-invalid='true']{border-color:#b42318}.error{color:#b42318}",
  '}',
].join('');

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The page's policy: its inline style by hash, nothing else to load or run, and its form may
 * post only to this origin and be redirected to `redirectOrigins` (browsers apply
 * form-action to the redirect that follows a post). Without a form, no form may post.
 */
export function feedbackPageCsp(redirectOrigins: readonly string[] | undefined): string {
  const formAction = redirectOrigins ? ["'self'", ...new Set(redirectOrigins)].join(' ') : "'none'";
  return [
    "default-src 'none'",
    `style-src ${STYLE_SOURCE}`,
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in HTML text and in a quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function summary(page: RefusalPage): string {
  const problems = page.form ? Object.entries(page.form.problems) : [];
  const items = [
    ...problems.map(
      ([field, problem]) => `<li><a href="#${field}">${escapeHtml(problem)}</a></li>`,
    ),
    ...(page.otherProblems ?? []).map((problem) => `<li>${escapeHtml(problem)}</li>`),
  ];
  return [
    '<div class="alert" role="alert">',
    `<h2>${escapeHtml(page.words.refused.notSent)}</h2>`,
    `<p>${escapeHtml(page.reason)}</p>`,
    page.retryAfterSeconds === undefined
      ? ''
      : `<p>${escapeHtml(page.words.refused.retry(page.retryAfterSeconds))}</p>`,
    items.length > 0 ? `<ul>${items.join('')}</ul>` : '',
    '</div>',
  ].join('');
}

/** The class names of the form's parts in this page's own style (`STYLE`). */
const FORM_CLASSES: FeedbackFieldsClasses = {
  names: 'names',
  field: 'field',
  hint: 'hint',
  error: 'error',
  honeypot: 'hp',
};

/** The form again, with the site's own fields (`FeedbackFields`), as HTML. */
function formHtml(form: ShownForm, words: RefusalWords): string {
  return renderToStaticMarkup(
    <>
      <form method="post" action={FEEDBACK_FORM_ENDPOINT} acceptCharset="utf-8">
        <FeedbackFields
          appName={form.appName}
          values={form.values}
          idempotencyKey={form.key}
          language={form.language}
          problems={form.problems}
          classes={FORM_CLASSES}
          words={words.form.fields}
        />
        <button type="submit">{words.form.submit}</button>
      </form>
      <p className="back">
        <a href={form.appHref}>{words.sent.back(form.appName)}</a>
      </p>
    </>,
  );
}

/** The whole refusal page, as HTML. */
export function refusalPageHtml(page: RefusalPage): string {
  const { words } = page;
  const title = page.form ? words.refused.pageTitle(page.form.appName) : words.refused.title;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(words.language)}" dir="${words.dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(words.send)}</h1>`,
    page.form ? `<p class="app">${escapeHtml(page.form.appName)}</p>` : '',
    summary(page),
    page.form
      ? formHtml(page.form, words)
      : `<p class="back"><a href="${escapeHtml(page.homeHref)}">${escapeHtml(words.refused.home)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
