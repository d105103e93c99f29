import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_ROUTES } from '@redflag/contracts/v1-routes';
import { apiClient, okData, servedOpenApi, v1Client } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPremiumUser, createTrialUser } from '../test/users.ts';

const SCAM =
  'Your PayPal account is limited. Verify your identity within 24 hours at http://paypa1-secure-login.com/verify or it will be closed.';

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await servedOpenApi(t, 'public')) as OpenApiDoc;
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  responses: Record<
    string,
    { content?: { 'application/json': { schema: { $ref: string } } }; headers?: Record<string, unknown> }
  >;
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** A validator for one component schema, resolving $refs inside the document as OpenAPI does. */
function validatorFor(ref: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  return ajv.compile({ $ref: `doc${ref}` });
}

/** Checks a real answer against what the document says for this operation and status. */
async function expectDocumented(method: string, path: string, { res }: { res: Response }): Promise<unknown> {
  const operation = doc.paths[path]?.[method];
  expect(Object.keys(doc.paths[path] ?? {}), `${method} ${path} is documented`).toContain(method);
  const documented = operation?.responses[String(res.status)];
  expect(Object.keys(operation?.responses ?? {}), `${method} ${path} documents ${res.status}`).toContain(
    String(res.status),
  );
  const schemaRef = documented?.content?.['application/json'].schema.$ref;
  expect(schemaRef).toMatch(/^#\/components\/schemas\/\w+$/);
  const body: unknown = await res.json();
  const validate = validatorFor(schemaRef ?? '');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  for (const header of Object.keys(documented?.headers ?? {})) {
    if (['ratelimit', 'ratelimit-policy'].includes(header.toLowerCase()))
      expect(res.headers.get(header), header).not.toBeNull();
  }
  return body;
}

async function keyForTrialUser(): Promise<string> {
  const u = await createTrialUser(t, { scansUsed: 4 });
  return okData(await apiClient(t)('createApiKey', { body: { name: 'Docs' }, headers: u.headers }), 201).key;
}

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12 and whose $refs all resolve', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/v1/lookup', '/v1/scans', '/v1/scans/{id}']);
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    for (const name of Object.keys(doc.components.schemas))
      expect(() => validatorFor(`#/components/schemas/${name}`)).not.toThrow();
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs)
      expect(doc.components.schemas).toHaveProperty(ref.split('/').at(-1)?.replace('"', '') ?? '');
  });

  it('describes the request the route accepts: a valid body passes, a missing message and an unknown platform fail', () => {
    const request = validatorFor('#/components/schemas/ScanRequest');
    expect(request({ message: SCAM, platform: 'sms', qrLinks: ['https://example.com'] })).toBe(true);
    expect(request({ platform: 'sms' })).toBe(false);
    expect(request({ message: SCAM, platform: 'fax' })).toBe(false);
  });
});

describe('real /v1 answers match the document', () => {
  it('201, 200, 401, 403, 404, 415 and 422 answers each fit the schema documented for their status', async () => {
    const key = await keyForTrialUser();
    const v1 = v1Client(t, { key });

    const created = await v1('createScan', { body: { message: SCAM, platform: 'email' } });
    await expectDocumented('post', '/v1/scans', created);
    const { id } = okData(created, 201);
    await expectDocumented('get', '/v1/scans/{id}', await v1('getScan', { params: { id } }));
    const missing = await v1('getScan', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    await expectDocumented('get', '/v1/scans/{id}', missing);
    const noKey = await v1Client(t)('createScan', { body: { message: SCAM } });
    expect(noKey.status).toBe(401);
    await expectDocumented('post', '/v1/scans', noKey);
    const empty = await v1('createScan', { body: { message: '' } });
    expect(empty.status).toBe(422);
    await expectDocumented('post', '/v1/scans', empty);
    // raw HTTP: a text/plain body, which no typed call sends
    const notJson = await t.request('/v1/scans', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    await expectDocumented('post', '/v1/scans', { res: notJson });
    // The trial's fifth scan was the first one above: the next is the plan's 403.
    const limited = await v1('createScan', { body: { message: SCAM } });
    expect(limited).toMatchObject({ status: 403, error: { code: 'SCAN_LIMIT_REACHED' } });
    await expectDocumented('post', '/v1/scans', limited);
  });

  it('GET /v1/lookup: its 200, 403 and 422 answers fit the document', async () => {
    const premium = await createPremiumUser(t);
    const created = await apiClient(t)('createApiKey', { body: { name: 'Lookup' }, headers: premium.headers });
    const v1 = v1Client(t, { key: okData(created, 201).key });
    const found = await v1('lookup', { query: { url: 'https://example.org/a' } });
    expect(found.status).toBe(200);
    await expectDocumented('get', '/v1/lookup', found);
    const invalid = await v1('lookup', { query: { phone: '1' } });
    expect(invalid.status).toBe(422);
    await expectDocumented('get', '/v1/lookup', invalid);
    const trial = await v1Client(t, { key: await keyForTrialUser() })('lookup', { query: { phone: '+12025550143' } });
    expect(trial.status).toBe(403);
    await expectDocumented('get', '/v1/lookup', trial);
  });

  it('a scan whose shape breaks the document would fail the check (the validator is not vacuous)', () => {
    const scan = validatorFor('#/components/schemas/Scan');
    expect(scan({ id: 'x', riskScore: 'high' })).toBe(false);
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference from this server only: its scripts are our own files, under the strict CSP', async () => {
    // raw HTTP: an HTML page and its scripts, read for their content types and CSP
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/scalar.js', '/api/docs/init.js']);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");

    // raw HTTP: a script file, read for its content type
    const bundle = await t.request('/api/docs/scalar.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    // raw HTTP: a script file, read as text
    const init = await (await t.request('/api/docs/init.js')).text();
    expect(init).toContain('/v1/openapi.json');
  });
});

describe('the /v1 route table', () => {
  it('is what the server answers and what the document lists: one operation per row, each behind the key', async () => {
    const doc = (await servedOpenApi(t, 'public')) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    );
    const rows = Object.entries(V1_ROUTES).map(
      ([name, row]) => `${name} ${row.method} ${row.path.replace(/:([A-Za-z]+)/g, '{$1}')}`,
    );
    expect(documented.sort()).toEqual(rows.sort());
    const key = await keyForTrialUser();
    const authorization = { authorization: `Bearer ${key}` };
    // raw HTTP: a path no row has
    const unknown = await t.request('/v1/nothing-here', { headers: authorization });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/^No API route for/);
    for (const row of Object.values(V1_ROUTES)) {
      const path = row.path.replace(':id', '00000000-0000-4000-8000-000000000000');
      const init = { method: row.method, ...(row.method === 'POST' ? { json: {} } : {}) };
      // Behind the key, and registered: with a key the row's own handler answers, not the catch-all.
      expect((await t.request(path, init)).status, `${row.method} ${row.path}`).toBe(401);
      const answered = await t.request(path, { ...init, headers: authorization });
      expect(JSON.stringify(await answered.json()), `${row.method} ${row.path}`).not.toMatch(/No API route for/);
    }
  });
});
