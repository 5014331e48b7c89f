// `npm run lint`: fails when a file names a product document kept outside the repository.
import { fileURLToPath } from 'node:url';
import { findOutsideReferences } from './outsideReferences.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const found = findOutsideReferences(root);
if (found.length > 0) {
  console.error('These lines point at product documents kept outside the repository. State the rule');
  console.error('itself, or point at the page of docs/ that explains it:');
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log('standalone: no references to documents outside the repository');
