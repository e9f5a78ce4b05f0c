import { keptWinKey } from "./kept-win";

/**
 * The ticket takes a tap from the first HTML, before the page's scripts (about 190 KB, seconds on a venue's
 * network) have arrived: a few hundred bytes of inline script, right after the ticket, send the same
 * reserve call the page would, and say "Holding your prize…". First come, first served is decided by that
 * tap, not by how fast a phone downloads JavaScript. React picks the answer up when it takes over
 * (early-tap.ts) and opens the form, or says someone else got there first. Nothing here runs in React.
 * A 428 (this phone had no cookies yet: the page's HTML sets none, and its first state call had not
 * answered; the refusal handed them over) is tapped again once, reading the csrftoken afresh, as
 * claim-api.ts does; a 503 with Retry-After (a busy server shedding load) is asked again after the wait.
 */

/** The element that tells a visitor their early tap is being held, until React takes over. */
export const EARLY_HOLD_NOTE_ID = "early-hold-note";

/**
 * The inline script for the page of `urlPath`, saying `holdingNote` while the hold is asked for (both
 * JSON-escaped; `<` escaped so neither can close the tag).
 */
export function earlyTapScript(urlPath: string, holdingNote: string): string {
  const path = JSON.stringify(urlPath).replace(/</g, "\\u003c");
  const storageKey = JSON.stringify(keptWinKey(urlPath)).replace(/</g, "\\u003c");
  const note = JSON.stringify(holdingNote).replace(/</g, "\\u003c");
  // ES5 on purpose: it runs as written, before any bundle, on whatever phone scanned the code. Its one
  // shown text is `holdingNote`, in the visitor's language. i18n-exempt: code, not words.
  return `(function(){var w=window,b=document.querySelector("[data-ticket]");if(!b)return;
try{if(w.localStorage.getItem(${storageKey}))return}catch(e){}
w.__ticketTappableAt=performance.now();
b.addEventListener("click",function(){if(w.__ticketHydrated||w.__earlyHold)return;
function send(again,busy){var m=document.cookie.match(/(?:^|;\\s*)csrftoken=([^;]+)/);return fetch("/api/p/"+encodeURIComponent(${path})+"/prize/claim/",{method:"POST",credentials:"same-origin",headers:{"X-CSRFToken":m?decodeURIComponent(m[1]):"","Accept":"application/json"}}).then(function(r){if(r.status===428&&again)return send(false,busy);
var s=Math.min(+r.headers.get("Retry-After")||0,5);if(r.status===503&&s>0&&busy<5)return new Promise(function(k){setTimeout(k,s*1e3)}).then(function(){return send(again,busy+1)});return r.json().then(function(j){return{status:r.status,body:j}},function(){return{status:r.status,body:null}})},function(){return{status:0,body:null}})}
w.__earlyHold=send(true,0);
var n=document.createElement("p");n.id="${EARLY_HOLD_NOTE_ID}";n.setAttribute("role","status");
n.className="fixed inset-x-4 bottom-4 z-50 rounded-2xl bg-slate-900 px-5 py-4 text-center text-lg font-bold text-white shadow-xl";
n.textContent=${note};document.body.appendChild(n)})})();`;
}
