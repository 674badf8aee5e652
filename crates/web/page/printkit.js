// The page's JavaScript API, `window.printkit` (docs/reference.md): each
// call goes to the worker (worker.js) that runs the WebAssembly module.
"use strict";
(() => {
  const workerSource = document.getElementById("printkit-worker").textContent;
  const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
  const moduleBase64 = document.getElementById("printkit-module").textContent.trim();
  // The calls waiting for the worker: id -> {resolve, reject, onProgress}.
  const waiting = new Map();
  let nextId = 0;
  let worker = null;

  function startWorker() {
    worker = new Worker(workerUrl);
    worker.onmessage = (event) => {
      const { id, ok, result, error, progress } = event.data;
      const call = waiting.get(id);
      if (!call) return;
      if (progress) {
        if (call.onProgress) call.onProgress(progress);
        return;
      }
      waiting.delete(id);
      if (ok) call.resolve(result);
      else call.reject(new Error(error));
    };
  }
  function ask(op, args, transfer, onProgress) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, op, args }, transfer || []);
    });
  }

  // The module is compiled once, in the worker, while the page paints; the
  // worker hands the compiled module back for the next worker a cancel
  // starts.
  // The base64 text goes to the worker as it is: decoding 3 MB there keeps
  // the page responsive while it loads.
  startWorker();
  let compiled = null;
  let ready = ask("start", moduleBase64).then((module) => {
    compiled = module;
  });

  // A file given as text alone gets a name.
  const named = (file, fallback) => (typeof file === "string" ? { name: fallback, text: file } : file);
  const list = (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
  // `date`: seconds since 1970, or a Date; unset, 2000-01-01 (the CLI's
  // date without SOURCE_DATE_EPOCH).
  const seconds = (date) => (date instanceof Date ? Math.floor(date.getTime() / 1000) : date);

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
    if (options.date !== undefined) request.date = seconds(options.date);
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

  // A class set (`printkit puzzles GAME --sheets N --count C --seed S`,
  // then `printkit build GAME --practice FOLDER`): `onProgress` gets
  // {sheetsFound, sheetsWanted, secondsLeft, words, …} as the search goes.
  async function classSet(options = {}) {
    await ready;
    const request = { sheets: options.sheets };
    for (const key of ["count", "seed", "folder", "language"]) {
      if (options[key] !== undefined) request[key] = options[key];
    }
    if (options.maxPlies !== undefined) request.max_plies = options.maxPlies;
    if (options.definition) {
      const def = named(options.definition, "definition.toml");
      request.files = [def];
      request.game = def.name;
    } else {
      request.game = options.game;
    }
    const papers = list(options.paper || options.papers).map((p) => p.toLowerCase());
    if (papers.length) request.papers = papers;
    if (options.formats) request.formats = list(options.formats);
    if (options.date !== undefined) request.date = seconds(options.date);
    if (options.largePrint) request.large_print = true;
    return settled(await ask("pk_class_set", request, [], options.onProgress));
  }

  // Stops whatever the worker is doing (a class set's search): the worker
  // is ended, every call waiting on it rejects with a "cancelled" error,
  // and a new worker starts from the compiled module, ready for the next
  // call. A worker cannot be told anything while the module runs (no
  // shared memory without special headers), so it is ended instead.
  function cancel() {
    if (!compiled) return; // still starting: nothing runs yet
    worker.terminate();
    const cancelled = [...waiting.values()];
    waiting.clear();
    startWorker();
    // A browser that cannot hand a compiled module to a worker compiles
    // it again.
    ready = ask("start", compiled).catch(() => {
      return ask("start", moduleBase64);
    });
    for (const call of cancelled) {
      const e = new Error("cancelled");
      e.name = "AbortError";
      call.reject(e);
    }
  }

  // The built-in games ({id, title, text}), languages and papers.
  async function info() {
    await ready;
    return settled(await ask("pk_info", {}));
  }

  window.printkit = {
    get ready() {
      return ready;
    },
    build,
    check,
    classSet,
    cancel,
    info,
  };
})();
