// The page's JavaScript API, `window.printkit` (docs/reference.md): each
// call goes to the worker (worker.js) that runs the WebAssembly module.
"use strict";
(() => {
  const workerSource = document.getElementById("printkit-worker").textContent;
  const moduleBase64 = document.getElementById("printkit-module").textContent.trim();
  const worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" })));
  const waiting = new Map();
  let nextId = 0;
  worker.onmessage = (event) => {
    const { id, ok, result, error } = event.data;
    const call = waiting.get(id);
    waiting.delete(id);
    if (ok) call.resolve(result);
    else call.reject(new Error(error));
  };
  function ask(op, args, transfer) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, args }, transfer || []);
    });
  }
  const gzipped = Uint8Array.from(atob(moduleBase64), (c) => c.charCodeAt(0));
  const ready = ask("start", gzipped.buffer, [gzipped.buffer]);

  // A file given as text alone gets a name.
  const named = (file, fallback) => (typeof file === "string" ? { name: fallback, text: file } : file);
  const list = (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

  // An answer that is an error becomes a rejected promise: its message,
  // and its located `diagnostics` ({file, line, column, message}).
  function settled(answer) {
    if (answer.ok === false && answer.error !== undefined) {
      const e = new Error(answer.error);
      e.diagnostics = answer.diagnostics || [];
      throw e;
    }
    return answer;
  }

  async function build(options = {}) {
    await ready;
    const files = [];
    const games = [...list(options.game), ...list(options.games)];
    if (options.definition) {
      const def = named(options.definition, "definition.toml");
      files.push(def);
      games.push(def.name);
    }
    const practice = list(options.practice).map((p, i) => named(p, `practice-${i + 1}.toml`));
    files.push(...practice);
    const request = {
      games,
      files,
      practice: practice.map((p) => p.name),
      papers: list(options.paper || options.papers).map((p) => p.toLowerCase()),
      parts: list(options.parts),
      formats: list(options.formats),
      duplex: !!options.duplex,
      large_print: !!options.largePrint,
    };
    if (request.papers.length === 0) delete request.papers;
    if (options.language) request.language = options.language;
    return settled(await ask("pk_build", request));
  }

  async function check(input, options = {}) {
    await ready;
    const files = list(input).map((f, i) => named(f, `practice-${i + 1}.toml`));
    if (options.definition) files.unshift(named(options.definition, "definition.toml"));
    const request = { files, check: list(input).map((f, i) => files[i + (options.definition ? 1 : 0)].name) };
    if (options.language) request.language = options.language;
    return settled(await ask("pk_check", request));
  }

  // The built-in games ({id, title, text}), languages and papers.
  async function info() {
    await ready;
    return settled(await ask("pk_info", {}));
  }

  window.printkit = { ready, build, check, info };
})();
