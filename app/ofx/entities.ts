// Resolves the character references OFX values may carry (&amp; &lt; &gt; &quot; &apos; &#NN; &#xHH;).
//
// Exactly one level is decoded, as SGML and XML define it. A bank that escaped twice
// ("TPAY &amp;lt;DEFTPYMT&amp;gt;" in qfx-html-entities-oneline.qfx) therefore yields the text it
// actually sent, "TPAY &lt;DEFTPYMT&gt;": decoding again would guess at intent and would corrupt a
// memo that legitimately contains "&lt;". Unknown names and invalid code points are left as written.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const REFERENCE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/g;

export function unescapeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}
