// Runs a test module on the real MicroPython VM (the WebAssembly build) under node.
//
//   node run_micropython.mjs --file HOST_PATH=VM_PATH ... [--romfs IMAGE] [--serial-fd N] --run MODULE
//
// --serial-fd gives the VM a byte pipe to a host: file descriptor N (inherited, non-blocking,
// e.g. a pseudo-terminal's master side) as the JS module `altar_serial`, with write(hex) and
// read() -> hex ("" when nothing is waiting).
// --romfs mounts a ROMFS image (made by `mpremote romfs build`) at /rom: its .mpy modules run
// in place, their bytecode never copied to the heap, as on a board with ROMFS or frozen code.
// Files are copied into the VM's in-memory file system, then MODULE is imported and its
// tests run by mptest.py (which must be among the files). MicroPython's own command line always
// exits 0, so this harness turns the runner's closing line ("N passed, M failed") and any
// uncaught error into the process exit code: 0 only when every test passed.
import { readFileSync, readSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const args = process.argv.slice(2);
const files = [];
let moduleName = null;
let romfs = undefined;
let serialFd = -1;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--file") files.push(args[++i]);
  else if (args[i] === "--run") moduleName = args[++i];
  else if (args[i] === "--romfs") romfs = new Uint8Array(readFileSync(args[++i]));
  else if (args[i] === "--serial-fd") serialFd = Number(args[++i]);
  else { console.error(`unknown argument ${args[i]}`); process.exit(2); }
}
if (!moduleName) { console.error("--run MODULE is required"); process.exit(2); }

let output = "";
const mp = await loadMicroPython({
  romfs,
  stdout: (line) => { output += line + "\n"; process.stdout.write(line + "\n"); },
  stderr: (line) => { output += line + "\n"; process.stderr.write(line + "\n"); },
});

// gc.collect() called from Python on this VM frees nothing: the collector scans the WebAssembly
// stack conservatively and finds every object still referenced from there (measured:
// tests/firmware/mp/test_vm_facts.py). Called from JavaScript with the Python stack unwound it
// frees garbage as a board does. So tests that measure the live heap await
// altar_gc.collect(): their coroutine yields to JavaScript, which collects, then resumes it.
mp.registerJsModule("altar_gc", {
  collect: () => new Promise((resolve) => setTimeout(() => {
    mp.pyimport("gc").collect();
    resolve(0);
  }, 0)),
});

if (serialFd >= 0) {
  const chunk = Buffer.alloc(512);
  mp.registerJsModule("altar_serial", {
    write: (hex) => {
      const data = Buffer.from(hex, "hex");
      let off = 0;
      while (off < data.length) {
        try { off += writeSync(serialFd, data, off, data.length - off); }
        catch (e) { if (e.code !== "EAGAIN") throw e; }
      }
    },
    read: () => {
      try {
        const n = readSync(serialFd, chunk, 0, chunk.length, null);
        return chunk.subarray(0, n).toString("hex");
      } catch (e) {
        if (e.code === "EAGAIN" || e.code === "EIO") return "";
        throw e;
      }
    },
  });
}

function mkdirs(path) {
  const parts = dirname(path).split("/").filter(Boolean);
  let cur = "";
  for (const p of parts) {
    cur += "/" + p;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}
for (const spec of files) {
  const eq = spec.indexOf("=");
  const host = spec.slice(0, eq), vm = spec.slice(eq + 1);
  mkdirs(vm);
  mp.FS.writeFile(vm, readFileSync(host));
}

try {
  // create_task, not a bare await: a bare await of main() hangs on cancellation here.
  await mp.runPythonAsync(
    `import sys\nsys.path.insert(0, "/lib")\nimport mptest\nawait asyncio.create_task(mptest.main("${moduleName}"))`
      .replace("import mptest", "import asyncio, mptest"),
  );
} catch (e) {
  console.error(`MicroPython raised: ${e}`);
  process.exit(1);
}
const m = output.match(/^(\d+) passed, (\d+) failed$/m);
if (!m) { console.error("no result line from mptest"); process.exit(1); }
process.exit(Number(m[2]) === 0 && Number(m[1]) > 0 ? 0 : 1);
