// Large libraries that a running server needs late or never: nodemailer, SimpleWebAuthn, the
// strength estimator, the ACME client and prom-client. The compiled binary carries each as a module of its own (scripts/build.ts
// adds this folder's files as extra entry points), outside the main bundle, so `authd serve`
// neither loads them nor keeps their code resident until first use (bench/footprint.ts). From
// source, the same files are imported directly.
type VendorModules = {
  acme: typeof import('./acme');
  nodemailer: typeof import('./nodemailer');
  prometheus: typeof import('./prometheus');
  webauthn: typeof import('./webauthn');
  zxcvbn: typeof import('./zxcvbn');
};
type VendorModuleName = keyof VendorModules;

export const vendorModuleNames: VendorModuleName[] = ['acme', 'nodemailer', 'prometheus', 'webauthn', 'zxcvbn'];

/** Where scripts/build.ts finds them, relative to the repository root. */
export const vendorEntryPoints = vendorModuleNames.map((name) => `server/vendor/${name}.ts`);

// In the binary this code is part of the main bundle, at the root of Bun's embedded file
// system, where the extra entry points sit under their source paths (as .js).
const fromSource = import.meta.path.endsWith('.ts');

const loaded = new Map<VendorModuleName, Promise<unknown>>();

/** The module, imported once; later calls (every email sent) get the same promise. */
export function loadVendorModule<N extends VendorModuleName>(name: N): Promise<VendorModules[N]> {
  let module = loaded.get(name);
  if (!module) {
    // Built at run time, so the bundler does not follow it into the main bundle.
    const specifier = fromSource ? `${import.meta.dir}/${name}.ts` : `${import.meta.dir}/server/vendor/${name}.js`;
    module = import(specifier);
    loaded.set(name, module);
  }
  return module as Promise<VendorModules[N]>;
}
