// The articles' rich text (7: "rendered by a kept Markdown renderer with raw HTML off", "the rich
// text is sanitised"), kept with the views since src/domain/ may not import markdown-it or DOMPurify. Bodies are
// Markdown (seed/content/**); this turns one into HTML the article page may set as its inner HTML:
//   1. markdown-it with raw HTML off: a <script>, an <img onerror>, an <iframe> in the source stay text;
//   2. links only to in-app paths (/money, /support/documents/…) and https addresses; anything else (javascript:,
//      data:, vbscript:, file:, protocol-relative //host) is refused and left as plain text; https links open in a
//      new tab with rel="noopener noreferrer";
//   3. images only the article's own, under /content/ (public/content/**), never a remote one (no tracking pixels);
//   4. DOMPurify over the result, as defence in depth, with an allow-list of the tags Markdown produces and no
//      style, class, id or event attribute at all.
// markdownPlainText gives the text without markup (the search index and reading time, seed/contentLoad.ts).
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import MarkdownIt from 'markdown-it';

/** An in-app path (one leading slash, not '//host') or an https address. */
export function isAllowedArticleLink(href: string): boolean {
  const value = href.trim();
  if (/^\/(?!\/|\\)/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The article's own images: served from /content/ (public/content/**). */
export const ARTICLE_IMAGE_PREFIX = '/content/';
export function isAllowedArticleImage(src: string): boolean {
  const value = src.trim();
  return value.startsWith(ARTICLE_IMAGE_PREFIX) && !value.includes('..') && !value.includes('\\');
}

type Markdown = InstanceType<typeof MarkdownIt>;

/** A token's attribute as text ('' when absent). */
function attribute(token: { attrGet: (name: string) => unknown }, name: string): string {
  const value = token.attrGet(name);
  return value === null || value === undefined ? '' : String(value);
}

function createRenderer(): Markdown {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: false });
  // validateLink sees both link and image targets; each kind gets its own rule below.
  md.validateLink = (url) => isAllowedArticleLink(url) || isAllowedArticleImage(url);

  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.link_open = (tokens, index, options) => {
    const token = tokens[index]!;
    const href = attribute(token, 'href');
    if (!isAllowedArticleLink(href)) token.attrs = [];
    else if (!href.startsWith('/')) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return renderToken(tokens, index, options);
  };
  const renderImage = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (!isAllowedArticleImage(attribute(token, 'src'))) return md.utils.escapeHtml(token.content);
    return renderImage ? renderImage(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
  };
  return md;
}

let renderer: Markdown | undefined;
function markdown(): Markdown {
  renderer ??= createRenderer();
  return renderer;
}

// What Markdown produces, nothing more.
const ALLOWED_TAGS = [
  'a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img', 'li', 'ol', 'p',
  'pre', 's', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'start'];
// In-app paths, https and in-page anchors only (DOMPurify's own check of href and src).
const ALLOWED_URI_REGEXP = /^(?:https:|\/(?![/\\])|#)/i;

let purifier: Purifier | undefined;
function purify(): Purifier {
  if (purifier) return purifier;
  const created = DOMPurify(globalThis.window as unknown as WindowLike);
  // Without a DOM nothing could be sanitised: refuse rather than hand back unsanitised HTML.
  if (!created.isSupported) throw new Error('renderArticleMarkdown needs a DOM (a browser or jsdom)');
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href === null || !isAllowedArticleLink(href)) node.removeAttribute('href');
      // Set here (DOMPurify drops target itself): an outside address opens in a new tab, without the opener.
      if (href !== null && /^https:/i.test(href.trim())) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    }
    if (node.tagName === 'IMG' && !isAllowedArticleImage(node.getAttribute('src') ?? '')) node.remove();
  });
  purifier = created;
  return created;
}

/** The article body as sanitised HTML (see the top of this file). Needs a DOM: call it in the browser. */
export function renderArticleMarkdown(source: string): string {
  const html = markdown().render(source);
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
}

/** The words of a Markdown text without its markup (no DOM needed): the search index and the reading time. */
export function markdownPlainText(source: string): string {
  const parts: string[] = [];
  for (const token of markdown().parse(source, {})) {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') parts.push(' ');
      }
      parts.push('\n');
    } else if (token.type === 'code_block' || token.type === 'fence') parts.push(token.content, '\n');
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The in-app paths and https addresses a body links to (the seed's check that every in-app link leads somewhere). */
export function markdownLinks(source: string): string[] {
  const links: string[] = [];
  for (const token of markdown().parse(source, {})) {
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') links.push(attribute(child, 'href'));
    }
  }
  return links;
}
