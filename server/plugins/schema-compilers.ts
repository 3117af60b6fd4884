import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify compiles every route's validators and serializers as it registers the routes: 700 ms
 * of a start, most of it for routes a process may never be asked. Here each is compiled at its
 * route's first use instead, and kept by schema and options: a route schema shared by many
 * routes is compiled once, and a second app in the process (the tests build hundreds) finds it
 * compiled.
 */
type Route = { schema: unknown; httpPart?: string };
type BuildCompiler = (externalSchemas: never, options: never) => (route: never) => unknown;
type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown };

function atFirstUse(compile: () => Compiled): Compiled {
  let compiled: Compiled | undefined;
  const lazy: Compiled & { schemaEnv?: true } = (...args) => {
    compiled ??= compile();
    const answer = compiled(...args);
    lazy.errors = compiled.errors;
    return answer;
  };
  // Fastify then passes the request as the value's parent, which ajv needs to coerce a root value.
  lazy.schemaEnv = true;
  return lazy;
}

function remembering<Build extends BuildCompiler>(build: Build): Build {
  const compiled = new Map<string, Compiled>();
  const remembered = (externalSchemas: never, options: never) => {
    const compile = build(externalSchemas, options) as unknown as (route: Route) => Compiled;
    const prefix = JSON.stringify([externalSchemas, options]);
    return (route: Route) => {
      // httpPart changes the validator (headers are matched without case); the rest is the schema.
      const key = `${prefix}${route.httpPart ?? ''}${JSON.stringify(route.schema)}`;
      if (!compiled.has(key)) compiled.set(key, atFirstUse(() => compile(route)));
      return compiled.get(key);
    };
  };
  return remembered as unknown as Build;
}

export const compilersFactory = {
  buildValidator: remembering(AjvCompiler()),
  buildSerializer: remembering(SerializerSelector()),
};
