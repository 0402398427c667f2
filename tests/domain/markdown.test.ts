// @vitest-environment jsdom
// The articles' renderer (src/views/components/articleMarkdown.ts): Markdown in, sanitised HTML out. The hostile inputs are the
// usual ways script gets into a page; the checks parse the output as the browser would and look for anything
// executable, not for one spelling of it.
import { describe, expect, it } from 'vitest';
import { isAllowedArticleImage, isAllowedArticleLink, markdownLinks, markdownPlainText, renderArticleMarkdown } from '../../src/views/components/articleMarkdown';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** Everything in the rendered HTML that could run script or load something from elsewhere. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  for (const element of parse(html).querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'form', 'svg', 'math', 'base'].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcdoc' || name === 'formaction') found.push(`${tag}[${name}]`);
      if ((name === 'href' || name === 'src') && !/^(?:https:|\/(?!\/)|#)/i.test(attribute.value.trim())) {
        found.push(`${tag}[${name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

const HOSTILE = [
  '<script>alert(1)</script>',
  'Hello <img src=x onerror=alert(1)> world',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click](//evil.example/path)',
  '[click](http://insecure.example)',
  '![pixel](https://tracker.example/p.gif)',
  '![x](javascript:alert(1))',
  '![x](/content/../../etc/passwd)',
  '<div onclick="alert(1)">text</div>',
  '<svg onload=alert(1)><circle/></svg>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name=x></form>',
  '[a](/ok "title\\" onmouseover=\\"alert(1))',
  '<details open ontoggle=alert(1)>',
  '```html\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <script>x</script> | [y](javascript:z) |',
];

describe('renderArticleMarkdown', () => {
  it.each(HOSTILE)('leaves nothing executable of %j', (source) => {
    const html = renderArticleMarkdown(source);
    expect(executableParts(html)).toEqual([]);
  });

  it('shows raw HTML as text instead of markup', () => {
    const container = parse(renderArticleMarkdown('Before <b onclick="x()">bold</b> after'));
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b onclick="x()">bold</b>');
  });

  it('keeps a refused link as its words, without an address', () => {
    const container = parse(renderArticleMarkdown('Read [this](javascript:alert(1)) now'));
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('this');
  });

  it('renders headings, lists, emphasis and tables', () => {
    const container = parse(
      renderArticleMarkdown('## Steps\n\n1. **Pay** on time\n2. Keep *utilisation* low\n\n| Ratio | Meaning |\n|---|---|\n| 36% | Good |\n'),
    );
    expect(container.querySelector('h2')?.textContent).toBe('Steps');
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Pay on time', 'Keep utilisation low']);
    expect(container.querySelector('strong')?.textContent).toBe('Pay');
    expect(container.querySelector('table th')?.textContent).toBe('Ratio');
    expect(container.querySelector('table td')?.textContent).toBe('36%');
  });

  it('keeps in-app links as they are and opens https links in a new tab without the opener', () => {
    const container = parse(renderArticleMarkdown('[Money](/money) and [CFPB](https://www.consumerfinance.gov/)'));
    const [inApp, outside] = [...container.querySelectorAll('a')];
    expect(inApp?.getAttribute('href')).toBe('/money');
    expect(inApp?.hasAttribute('target')).toBe(false);
    expect(outside?.getAttribute('href')).toBe('https://www.consumerfinance.gov/');
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("shows the article's own images and drops remote ones to their alt text", () => {
    const container = parse(renderArticleMarkdown('![Chart](/content/thumbnails/credit.svg)\n\n![Pixel](https://tracker.example/p.gif)'));
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/content/thumbnails/credit.svg']);
    expect(container.textContent).toContain('Pixel');
  });
});

describe('the link and image rules', () => {
  it.each(['/money', '/support/documents/how-to-upload-a-document', 'https://www.annualcreditreport.com/'])('allows %s', (href) => {
    expect(isAllowedArticleLink(href)).toBe(true);
  });
  it.each(['javascript:alert(1)', '//evil.example', '/\\evil.example', 'http://example.com', 'mailto:a@b.c', 'data:text/html,x', 'relative/path', ''])(
    'refuses %j',
    (href) => {
      expect(isAllowedArticleLink(href)).toBe(false);
    },
  );
  it('allows images under /content/ only', () => {
    expect(isAllowedArticleImage('/content/thumbnails/credit.svg')).toBe(true);
    expect(isAllowedArticleImage('/content/../index.html')).toBe(false);
    expect(isAllowedArticleImage('https://cdn.example/x.png')).toBe(false);
  });
});

describe('markdownPlainText and markdownLinks', () => {
  it('gives the words without markup, one block a line', () => {
    expect(markdownPlainText('# Title\n\nSome **bold** and [a link](/money).\n\n- one\n- two')).toBe('Title\nSome bold and a link.\none\ntwo');
  });
  it('lists the allowed links of a body', () => {
    expect(markdownLinks('[a](/money) [b](https://x.example/) [c](javascript:y)')).toEqual(['/money', 'https://x.example/']);
  });
});
