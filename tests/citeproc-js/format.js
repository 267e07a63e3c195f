// citeproc-js (the CSL processor inside Zotero and Mendeley) formats CSL-JSON items.
//
// Reads one JSON object from standard input:
//   {"style": "<path of a .csl file>", "locales": "<folder of locales-xx-XX.xml>",
//    "format": "text" | "html", "lang": "<CSL locale>" (optional), "items": [<CSL-JSON item>, ...]}
// and writes a JSON array with one string per item: the item's bibliography entry made
// on its own (an engine whose registry holds that item alone), as bibfolio makes each
// entry's reference.  Used by tests/test_citeproc_js.py; `npm ci` in this folder first.
"use strict";

const fs = require("fs");
const path = require("path");
const CSL = require("citeproc");

function main() {
  const request = JSON.parse(fs.readFileSync(0, "utf8"));
  const items = new Map(request.items.map((item) => [String(item.id), item]));
  const sys = {
    retrieveLocale(lang) {
      const file = path.join(request.locales, `locales-${lang}.xml`);
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : false;
    },
    retrieveItem(id) {
      return items.get(String(id));
    },
  };
  // "lang" (a CSL locale, e.g. "de-DE"): the style's terms in that language, forced over
  // the style's own default-locale as bibfolio_citation_locale does.
  const lang = request.lang || undefined;
  const engine = new CSL.Engine(sys, fs.readFileSync(request.style, "utf8"), lang, Boolean(lang));
  engine.setOutputFormat(request.format || "text");
  const out = [];
  for (const id of items.keys()) {
    engine.updateItems([id]);
    const [, entries] = engine.makeBibliography();
    out.push(entries.join(""));
  }
  process.stdout.write(JSON.stringify(out));
}

main();
