/** `npm run openapi`: writes docs/api/openapi.json from the route table. */
import { writeFileSync } from 'node:fs';
import { openApiJson } from '../api/openapi';

writeFileSync(new URL('../docs/api/openapi.json', import.meta.url), openApiJson());
console.log('docs/api/openapi.json written');
