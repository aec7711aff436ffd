// The npm mirror on our machines lacks other platforms' optional binaries (darwin, win32, ...), so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lockfile as out of sync.
// This adds the missing optional entries with their platform, so `npm ci` skips them here and installs
// them on the platforms that need them. Run after changing dependencies: `npm run lock:complete`.
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}
const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8')) as { packages: Record<string, LockEntry> };
const { packages } = lock;

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu'> {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = parts.filter((p) => OS.includes(p));
  const cpu = parts.map((p) => (p === '64' ? 'x64' : p)).filter((p) => CPU.includes(p));
  if (name.includes('windows')) os.push('win32');
  if (name.includes('darwin-64')) cpu.push('x64');
  return { ...(os.length ? { os: [...new Set(os)] } : {}), ...(cpu.length ? { cpu: [...new Set(cpu)] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Platform binaries are pinned to exact versions; ranges are ordinary optional dependencies.
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const found = resolve(path, name);
    if (found && packages[found]?.version === version) continue;
    const top = `node_modules/${name}`;
    const target = packages[top] ? `${path}/node_modules/${name}` : top;
    packages[target] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} optional platform entries to ${LOCK}.`);
