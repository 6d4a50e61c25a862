/** The OpenAPI 3.1 document of the route table (written to docs/api/openapi.json by `npm run openapi`). */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { routes, type Route } from './routes';
import { ErrorBody } from './schemas/common';

const buildOpenApiDocument = () => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'cognito', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The Cognito ID token of the signed-in member',
  });
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorBody } },
  });
  for (const [operationId, route] of Object.entries(routes) as [string, Route][]) {
    const hasBody = route.method === 'POST' || route.method === 'PUT';
    registry.registerPath({
      operationId,
      method: route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
      path: route.path,
      summary: route.summary,
      tags: [route.domain],
      description: `Access: ${route.access}.`,
      ...(route.access === 'public' ? {} : { security: [{ cognito: [] }] }),
      request: hasBody
        ? { body: { content: { 'application/json': { schema: route.request } } } }
        : // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generator wants a ZodObject here
          { query: route.request as any },
      responses: {
        [route.status ?? 200]: {
          description: 'Success',
          content: { 'application/json': { schema: route.response } },
        },
        400: error('Invalid input: the message names the field'),
        ...(route.access === 'public' ? {} : { 401: error('Not signed in') }),
        ...(route.access === 'admin'
          ? { 403: error('Not in the admin group, or signed in without the second factor') }
          : {}),
        ...(route.access === 'staff'
          ? { 403: error('Not in the admin or support group, or signed in without the second factor') }
          : {}),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Trendex API',
      version: '1.0.0',
      description: 'Generated from api/routes.ts. Amounts are integer micro-USDT.',
    },
    servers: [{ url: '/api', description: 'Local stack (npm start); in AWS the API Gateway stage URL' }],
  });
};

export const openApiJson = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
