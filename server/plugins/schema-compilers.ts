import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify compiles every route's validators and serializers again for each app, a few hundred
 * milliseconds of a start. Compiled functions depend only on the schema and the options, so one
 * process keeps them by those: a route schema shared by many routes is compiled once, and a second
 * app in the process (the tests build hundreds) finds them all compiled.
 */
type Route = { schema: unknown; httpPart?: string };
type BuildCompiler = (externalSchemas: never, options: never) => (route: never) => unknown;

function remembering<Build extends BuildCompiler>(build: Build): Build {
  const compiled = new Map<string, unknown>();
  const remembered = (externalSchemas: never, options: never) => {
    const compile = build(externalSchemas, options) as unknown as (route: Route) => unknown;
    const prefix = JSON.stringify([externalSchemas, options]);
    return (route: Route) => {
      // httpPart changes the validator (headers are matched without case); the rest is the schema.
      const key = `${prefix}${route.httpPart ?? ''}${JSON.stringify(route.schema)}`;
      if (!compiled.has(key)) compiled.set(key, compile(route));
      return compiled.get(key);
    };
  };
  return remembered as unknown as Build;
}

export const compilersFactory = {
  buildValidator: remembering(AjvCompiler()),
  buildSerializer: remembering(SerializerSelector()),
};
