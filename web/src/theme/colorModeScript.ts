/**
 * Sets the page's colour mode before its first paint, from the choice next-themes keeps
 * (localStorage 'theme'; light unless the member chose dark, web/src/App.tsx): the class Chakra's
 * dark tokens hang on and the browser's colour scheme, as next-themes does once React runs. A
 * prerendered page paints before any of the app's scripts has run, so index.html carries this as
 * an inline script in its head; the page's CSP allows exactly this text, by its hash (lib/csp.ts).
 */
export const COLOR_MODE_SCRIPT =
  "try{var m=localStorage.getItem('theme')==='dark'?'dark':'light',d=document.documentElement;d.classList.add(m);d.style.colorScheme=m}catch(e){}";
