/**
 * GET /paper: a small page that makes a paper account and shows its API key and its secret (an
 * HMAC secret, or an Ed25519 private key in PEM).
 */
export const paperPage = (
  accountsUrl: string,
) => `<!doctype html><meta charset="utf-8"><title>Paper exchange</title>
<body style="font-family:system-ui;max-width:640px;margin:2rem auto">
<h1>Paper exchange</h1><p>Stands in for Binance (spot and USD-M futures) and WazirX in the local stack.
Make a paper account and paste its key and secret on the Exchange page.</p>
<form id="f"><label>Exchange <select name="exchange"><option>binance</option><option>wazirx</option></select></label>
<label>Key type (Binance) <select name="keyType"><option value="hmac">HMAC</option><option value="ed25519">Ed25519</option></select></label>
<label><input type="checkbox" name="canWithdraw"> withdrawals enabled</label> <button>Create API key</button></form>
<pre id="out"></pre><script>
f.onsubmit=async(e)=>{e.preventDefault();const d=new FormData(f);
const r=await fetch('${accountsUrl}',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({exchange:d.get('exchange'),keyType:d.get('keyType'),canWithdraw:d.get('canWithdraw')==='on'})});
const a=await r.json();out.textContent='API key: '+a.apiKey+'\\n'+(a.secret.includes('PRIVATE KEY')?'Ed25519 private key (paste it whole):\\n':'Secret: ')+a.secret};</script></body>`;
