export { generateOas, type GenerateOasInput } from './specs/generate-oas.js';
export type { OpenApiDocument } from './specs/oas.types.js';
