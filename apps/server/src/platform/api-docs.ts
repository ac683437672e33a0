import { API_VERSION_PREFIX, TOKEN_SCOPE_MARK } from '@app/contracts';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';

/**
 * The API document's frame (docs/product/api.md): how to authenticate with a token, and that every operation marked
 * with a scope is also served under the versioned prefix integrations should call.
 */
export function apiDocument(version: string) {
  return {
    info: {
      title: 'Rosterly API',
      version,
      description: [
        'The app signs in with a session cookie and sends its CSRF token on every change.',
        `Integrations send an access token instead (\`Authorization: Bearer rst_…\`) and call the versioned prefix \`${API_VERSION_PREFIX}\`: \`${API_VERSION_PREFIX}/items\` is \`/api/items\`, and it keeps its shape within v1.`,
        `Only operations marked \`${TOKEN_SCOPE_MARK}\` (and "Token scope" in their description) accept a token; the token must hold that scope. Any other operation answers 403 \`TOKEN_NOT_ALLOWED\` to a token.`,
      ].join('\n\n'),
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey' as const, in: 'cookie' as const, name: 'sid' },
        token: { type: 'http' as const, scheme: 'bearer' },
      },
    },
  };
}

/** Wraps the schema transform: an operation that declares a scope says so, and names the token as a way in. */
export function markTokenScopes(transform: SwaggerTransform<FastifySchema>): SwaggerTransform<FastifySchema> {
  return (input) => {
    const out = transform(input);
    const scope = (input.route.config as { scope?: string } | undefined)?.scope;
    if (!scope) return out;
    const schema = out.schema as FastifySchema & Record<string, unknown>;
    const note = `Token scope: \`${scope}\`. Also at \`${API_VERSION_PREFIX}${out.url.replace(/^\/api/, '')}\`.`;
    return {
      ...out,
      schema: {
        ...schema,
        [TOKEN_SCOPE_MARK]: scope,
        description: schema.description ? `${schema.description}\n\n${note}` : note,
        security: [{ session: [] }, { token: [scope] }] as Record<string, string[]>[],
      },
    };
  };
}
