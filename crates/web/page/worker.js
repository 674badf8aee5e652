// printkit's Web Worker: the WebAssembly module (crates/web) runs here, so
// a build or a search never holds up the page. Messages in: {id, op, args};
// out: {id, ok, result} or {id, ok: false, error}, and while a class set
// is searched, {id, progress}.
"use strict";
let module = null;
let wasm = null;
// The call running now: its progress goes to its caller.
let running = null;

// The module's own imports (module `printkit`): the clock and a class
// set's progress. The others are what printpdf's JavaScript bindings would
// have used (wasm-bindgen's placeholders); printkit never calls them, so
// each is a function that says so if it ever is.
function imports() {
  const own = {
    now_ms: () => performance.now(),
    progress: (ptr, len) => {
      const text = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, ptr, len).slice());
      postMessage({ id: running, progress: JSON.parse(text) });
    },
  };
  const all = { printkit: {} };
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== "function") throw new Error(`printkit: unexpected import ${imp.module}.${imp.name}`);
    if (imp.module === "printkit" && own[imp.name]) {
      all.printkit[imp.name] = own[imp.name];
      continue;
    }
    (all[imp.module] ||= {})[imp.name] = () => {
      throw new Error(`printkit: ${imp.module}.${imp.name} is not available in the page`);
    };
  }
  return all;
}

// The gzipped module's bytes from its base64 text: the browser's own
// decoder where it has one, else a plain loop (mapping each character
// through a callback took 0.5 s for the 3 MB).
function fromBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// `given` is the module's gzipped bytes as base64 text, or the module
// compiled already (a worker started again after a cancel gets the first
// one's). The module is compiled as it is decompressed (streaming), not
// after.
async function start(given) {
  if (given instanceof WebAssembly.Module) {
    module = given;
  } else {
    const stream = new Blob([fromBase64(given)]).stream().pipeThrough(new DecompressionStream("gzip"));
    const wasmResponse = new Response(stream, { headers: { "Content-Type": "application/wasm" } });
    module = WebAssembly.compileStreaming
      ? await WebAssembly.compileStreaming(wasmResponse)
      : await WebAssembly.compile(await wasmResponse.arrayBuffer());
  }
  wasm = (await WebAssembly.instantiate(module, imports())).exports;
}

// Calls the module's `fn` with `request` as JSON; returns the answer's JSON
// and the bytes of each file it lists.
function call(fn, request) {
  const input = new TextEncoder().encode(JSON.stringify(request));
  const ptr = wasm.pk_alloc(input.length);
  new Uint8Array(wasm.memory.buffer, ptr, input.length).set(input);
  let len;
  try {
    len = wasm[fn](ptr, input.length);
  } finally {
    wasm.pk_free(ptr, input.length);
  }
  const out = new Uint8Array(wasm.memory.buffer, wasm.pk_output(), len).slice();
  const headLen = new DataView(out.buffer).getUint32(0, true);
  const head = JSON.parse(new TextDecoder().decode(out.subarray(4, 4 + headLen)));
  let at = 4 + headLen;
  head.files = (head.files || []).map((f) => {
    const bytes = out.slice(at, at + f.size);
    at += f.size;
    return { name: f.name, bytes };
  });
  return head;
}

onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    if (op === "start") {
      await start(args);
      // The compiled module goes back to the page, which starts the next
      // worker with it after a cancel.
      postMessage({ id, ok: true, result: module });
      return;
    }
    running = id;
    const result = call(op, args);
    postMessage({ id, ok: true, result }, result.files.map((f) => f.bytes.buffer));
  } catch (e) {
    // A trap leaves the module's memory as it was mid-call: start afresh.
    try {
      wasm = (await WebAssembly.instantiate(module, imports())).exports;
    } catch (_) {}
    postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  } finally {
    running = null;
  }
};
