// printkit's Web Worker: the WebAssembly module (crates/web) runs here, so
// a build or a search never holds up the page. Messages in: {id, op, args};
// out: {id, ok, result} or {id, ok: false, error}.
"use strict";
let module = null;
let wasm = null;

// The module imports what printpdf's JavaScript bindings would have used
// (wasm-bindgen's placeholders); printkit never calls them, so each is a
// function that says so if it ever is.
function imports() {
  const all = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== "function") throw new Error(`printkit: unexpected import ${imp.module}.${imp.name}`);
    (all[imp.module] ||= {})[imp.name] = () => {
      throw new Error(`printkit: ${imp.module}.${imp.name} is not available in the page`);
    };
  }
  return all;
}

async function start(gzipped) {
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream("gzip"));
  module = await WebAssembly.compile(await new Response(stream).arrayBuffer());
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
      postMessage({ id, ok: true, result: null });
      return;
    }
    const result = call(op, args);
    postMessage({ id, ok: true, result }, result.files.map((f) => f.bytes.buffer));
  } catch (e) {
    // A trap leaves the module's memory as it was mid-call: start afresh.
    try {
      wasm = (await WebAssembly.instantiate(module, imports())).exports;
    } catch (_) {}
    postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  }
};
