// The stripdeck wheel with its modules compiled to bytecode by Pyodide's own Python (a lever of
// issue 18, measured by bench/bench_workers.py): Pyodide ships its packages this way, .pyc files
// in place of the .py files, so importing them compiles nothing.
//
//   node bench/pyc_wheel.mjs dist/pyodide dist/pyodide/stripdeck-<version>-py3-none-any.whl OUT.whl
//
// Pyodide runs under Node (as in tools/make_snapshot.mjs); inside it, Python's own compileall
// writes each module's .pyc beside it (the legacy layout a sourceless import reads), the .py
// files are dropped, and RECORD is written again.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, wheel, out] = process.argv.slice(2);
if (!out) throw new Error("usage: node bench/pyc_wheel.mjs PYODIDE_FOLDER STRIPDECK_WHEEL OUT_WHEEL");
const { loadPyodide } = await import(pathToFileURL(join(resolve(folder), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(folder) + "/", stdout: () => {}, stderr: (l) => console.error(l) });
pyodide.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
const summary = pyodide.runPython(`
import base64, compileall, hashlib, os, py_compile, sys, zipfile
src, dst = "/tmp/in.whl", "/tmp/out.whl"
root = "/tmp/unpacked"
with zipfile.ZipFile(src) as whl:
    whl.extractall(root)
    names = whl.namelist()
ok = compileall.compile_dir(root, quiet=2, legacy=True, optimize=0,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
assert ok, "compileall failed"
record = next(n for n in names if n.endswith(".dist-info/RECORD"))
files = []
for base, _, found in os.walk(root):
    for name in found:
        path = os.path.join(base, name)
        rel = os.path.relpath(path, root)
        if rel.endswith(".py"):
            os.remove(path)
        elif rel != record:
            files.append(rel)
lines = []
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as whl:
    for rel in sorted(files):
        data = open(os.path.join(root, rel), "rb").read()
        whl.writestr(rel, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{rel},sha256={digest},{len(data)}")
    lines.append(f"{record},,")
    whl.writestr(record, "\\n".join(lines) + "\\n")
f"{sys.version.split()[0]}: {sum(r.endswith('.pyc') for r in files)} modules compiled, {os.path.getsize(src):,} -> {os.path.getsize(dst):,} bytes"
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.whl"));
console.log(`pyc wheel (Python ${summary})`);
