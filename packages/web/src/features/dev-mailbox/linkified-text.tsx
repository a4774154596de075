import type { ReactNode } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation that follows a link in prose is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Plain mail text with every URL made a real, clickable link. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    if (start > cursor) parts.push(text.slice(cursor, start));
    parts.push(
      <a
        key={start}
        href={url}
        className="break-all font-medium text-primary underline underline-offset-4"
      >
        {url}
      </a>,
    );
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <>{parts}</>;
}
