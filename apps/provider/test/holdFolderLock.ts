// Holds a data folder's lock until killed: the second process of lockFolder.test.ts.
import { lockFolder } from '../src/db/lockFolder';

const dir = process.argv[2];
if (!dir) throw new Error('usage: holdFolderLock.ts <dir>');
await lockFolder(dir);
console.log('locked');
setInterval(() => undefined, 60_000);
