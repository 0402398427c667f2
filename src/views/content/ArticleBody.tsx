import { useMemo, type MouseEvent } from 'react';
import { renderArticleMarkdown } from '../components/articleMarkdown';
import classes from './content.module.css';

// An article's rich-text body: Markdown rendered and sanitised by src/views/components/articleMarkdown.ts (raw HTML
// off, links to in-app paths and https only, DOMPurify). Loaded lazily with the article page (markdown-it and
// DOMPurify are its own chunk). A click on an in-app link (`a[href^="/"]`) goes through the router instead of
// reloading the page; modified clicks (new tab, new window) keep the browser's behaviour.

export default function ArticleBody({ markdown, onNavigate }: { markdown: string; onNavigate: (path: string) => void }) {
  const html = useMemo(() => renderArticleMarkdown(markdown), [markdown]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    const href = target?.getAttribute('href');
    if (!href || href.startsWith('//')) return;
    event.preventDefault();
    onNavigate(href);
  };
  // The HTML is the sanitiser's output (never the Markdown's raw HTML, which is off).
  return <div className={classes.body} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
