import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { REFERENCE_PATH, referenceDocumentText } from '../plugins/openapi-reference';

/**
 * Writes the API reference, docs/openapi.json, from the routes' own schemas (docs/api.md):
 *
 *   npm run openapi -w @wallet/server
 *
 * Run it after changing a route or a contract schema; a test fails while the committed file
 * differs from what this writes.
 */
async function main(): Promise<void> {
  const text = await referenceDocumentText();
  await writeFile(REFERENCE_PATH, text);
  const paths = Object.keys((JSON.parse(text) as { paths: object }).paths).length;
  process.stdout.write(`${relative(process.cwd(), REFERENCE_PATH)}: ${paths} paths\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
