/**
 * Styles that let the browser skip an element's style, layout and paint until it comes near the
 * viewport (content-visibility: auto), holding `height` until then; `auto` keeps the height it
 * measured once seen. For parts of a page below the first screen: on a phone, laying out all of
 * it in the first render took most of a second (docs/decisions/web-performance.md). The content
 * stays in the document: find in page, links and the accessibility tree see it as before.
 */
export const skipUntilNear = (height: string) =>
  ({ contentVisibility: 'auto', containIntrinsicSize: `auto ${height}` }) as const;
