/** The asset catalog's pure parts and import pipeline (the service stores the results). */
export { builtinPacks, type BuiltinAsset, type BuiltinPack } from './builtin-packs';
export { CATEGORIES, categorize, type Category } from './categories';
export { checkLicense, checkPackLicense, findLicenseFile, licenseCandidates, type LicenseVerdict, type PackLicenseVerdict } from './license';
export { scanPack, packIdFrom, MODEL_FORMATS, type PackScan, type ScannedAsset } from './scan-pack';
export { readZipPack, ZIP_LIMITS, type ZipLimits } from './zip-pack';
export { packSourceFromDirectory, packSourceFromPath, packSourceFromZip, type PackSource } from './pack-source';
export { importPackAssets, PackRefusedError, type ImportedAsset, type ImportedPack, type ImportOptions } from './import-pack';
