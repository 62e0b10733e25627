// The extension's identity, shared by the extension and the console. The manifest carries this
// public key, so the extension's id is the same on every machine where it is loaded unpacked (the
// browser derives the id from the key); the console sends the credential to exactly this id. A
// store build may be given its store id at build time (CONTRAIL_EXTENSION_ID / VITE_CONTRAIL_EXTENSION_ID).
export const extensionPublicKey =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwB3XOo6MvE4ueHT9XoHnRGatQtEmKZsD9sRKesWwonVukB5qpFjc7udhctL6AC/zdObjCBFZhGN0Q25FlVoMjJk/vw2qCxaJYaD87nrhCf7/fJOOcZv8Mr/L3YDF2muHOC6J912N3HzcbcCeJwfg0zIspARsxZIHc95p6SmscDeHJ7BaqkUyyrEKWrCBRaxVBDgnOuLqe34xpei2rsMXjukjtrbIxkmG2uzC/azXCRG9lNngpH/lIgziRubErKB8xAR1pcT/9EmlE8AYbdedfsNmWD4XK4Jyz3K07K6OHY8VO8YPXWuxshw39EuatLhXjTSoFnDlGBz8Fvm5TE0IKQIDAQAB';

/** The id the browser gives an extension loaded with extensionPublicKey. */
export const defaultExtensionId = 'ijpkgphfnibjcfoefagienaenmljkbld';
