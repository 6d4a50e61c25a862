/**
 * The success image of the plan-activated modal (an inline SVG, no extra request). The SVG is
 * written as it is and encoded whole: a raw `#` (a colour, a url(#g)) in a data URI ends the data
 * there, and the browser then shows a broken image.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180" viewBox="0 0 240 180" role="img" aria-label="Plan activated">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3366ff"/><stop offset="1" stop-color="#12b886"/></linearGradient></defs>
<circle cx="120" cy="84" r="62" fill="url(#g)" opacity="0.15"/>
<circle cx="120" cy="84" r="44" fill="url(#g)"/>
<path d="M98 85 l15 15 l30 -32" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
<g fill="#12b886"><circle cx="40" cy="40" r="5"/><circle cx="205" cy="52" r="4"/><circle cx="190" cy="140" r="6"/></g>
<g fill="#3366ff"><circle cx="52" cy="132" r="4"/><circle cx="214" cy="98" r="3"/><circle cx="30" cy="88" r="3"/></g>
<text x="120" y="170" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#0a7759">Plan activated</text>
</svg>`;

export const planActivatedImage = `data:image/svg+xml,${encodeURIComponent(svg)}`;
