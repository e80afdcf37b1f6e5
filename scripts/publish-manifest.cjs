// pnpm's beforePacking hook for the published packages (@assessment/sdk, ui, conformance): the manifest a team
// installs says where the package comes from and holds nothing of this workspace. `pnpm pack` and `pnpm publish`
// take it with `--config.pnpmfile=<this file>` (docs/releasing.md; the consumer tests' release rehearsal does the
// same). Not the workspace's .pnpmfile.cjs: installs never read it, and the lockfile does not depend on it.
//
// - `scripts` and `devDependencies` are removed: they name the workspace's tools and private packages
//   (conformance's tests depend on the demo API), and a consumer's install never runs or installs them;
// - `repository` (with the package's folder), `homepage` and `bugs` are set from the repository address in
//   release-addresses.json: the one place of the repository's and the registry's addresses (both placeholders until
//   the company's exist; the consumer tests check that the manifests and every published README name those).
const path = process.getBuiltinModule('node:path');
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');

/** The repository the packages are built from (release-addresses.json). */
const REPOSITORY = JSON.parse(
  readFileSync(path.join(__dirname, 'release-addresses.json'), 'utf8'),
).repository;

/** The package's folder inside the repository: from the workspace root (pnpm-workspace.yaml) to the cwd. */
function packageFolder() {
  let dir = process.cwd();
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return path.relative(dir, process.cwd()).split(path.sep).join('/') || undefined;
}

function beforePacking(pkg) {
  delete pkg.scripts;
  delete pkg.devDependencies;
  const directory = packageFolder();
  pkg.repository = { type: 'git', url: `git+${REPOSITORY}.git`, ...(directory ? { directory } : {}) };
  pkg.homepage = `${REPOSITORY}/tree/main/${directory ?? ''}#readme`;
  pkg.bugs = { url: `${REPOSITORY}/issues` };
  return pkg;
}

module.exports = { hooks: { beforePacking } };
