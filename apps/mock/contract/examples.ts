// Builds an SDK call's options for an operation from the contract's own examples, so the contract tests need
// no hand-written request per operation: a new operation is tested the moment it is added to the contract.
import { Contract } from '../src/http/contract.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  example?: Json;
  examples?: Json[];
  format?: string;
  contentMediaType?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: Json;
  examples?: Record<string, { value?: Json }>;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
  example?: Json;
  examples?: Record<string, { value?: Json; $ref?: string }>;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tags?: string[];
  'x-source'?: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, MediaType>; required?: boolean };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

interface Spec {
  paths: Record<string, Record<string, unknown> & { parameters?: Parameter[] }>;
  components?: Record<string, Record<string, unknown>>;
}

/** The bundled contract, read through the demo API's contract reader (one $ref resolver for the workspace's tests). */
const contract = Contract.load();
export const spec = contract.doc as unknown as Spec;

function resolve<T>(value: T): T {
  return contract.resolve(value) as T;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function contractOperations(): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Omit<ContractOperation, 'method' | 'path'> | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(p));
      result.push({ ...operation, method: method.toUpperCase(), path, parameters });
    }
  }
  return result;
}

/** A value for a schema: its example, else a value the schema accepts. */
export function sampleFor(schemaOrRef: Schema | undefined, depth = 0): Json {
  const schema = resolve(schemaOrRef ?? {});
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  if (schema.allOf) {
    return Object.assign({}, ...(schema.allOf.map((part) => sampleFor(part, depth + 1)) as object[])) as Json;
  }
  if (schema.oneOf?.[0]) return sampleFor(schema.oneOf[0], depth + 1);
  if (schema.anyOf?.[0]) return sampleFor(schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 6 ? [] : [sampleFor(schema.items, depth + 1)];
    case 'object': {
      const value: Record<string, Json> = {};
      for (const key of schema.required ?? []) value[key] = sampleFor(schema.properties?.[key], depth + 1);
      return value;
    }
    case 'string':
      if (schema.format === 'email') return 'ana.silva@example.com';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'uuid') return '7f3e4a52-1c9b-4f0e-9a51-0d2b3c4d5e6f';
      return 'sample';
    default:
      return 'sample';
  }
}

function parameterValue(parameter: Parameter): Json {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values(parameter.examples ?? {})[0];
  if (first?.value !== undefined) return first.value;
  return sampleFor(parameter.schema);
}

function mediaExample(media: MediaType): Json {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  const resolved = first ? resolve(first) : undefined;
  if (resolved?.value !== undefined) return resolved.value;
  return sampleFor(media.schema);
}

export interface CallOptions {
  path?: Record<string, Json>;
  query?: Record<string, Json>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The SDK call options for an operation, taken from the contract's examples. */
export function optionsFromExamples(operation: ContractOperation): {
  options: CallOptions;
  bodyType?: string;
} {
  const options: CallOptions = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'cookie') continue;
    const hasExample = parameter.example !== undefined || parameter.examples !== undefined;
    if (!parameter.required && !hasExample) continue;
    const value = parameterValue(parameter);
    if (parameter.in === 'header')
      (options.headers ??= {})[parameter.name] = typeof value === 'string' ? value : JSON.stringify(value);
    else (options[parameter.in] ??= {})[parameter.name] = value;
  }
  const body = resolve(operation.requestBody ?? {});
  const [bodyType, media] = Object.entries(body.content ?? {})[0] ?? [];
  if (bodyType && media) {
    const example = mediaExample(media);
    options.body = bodyType === 'multipart/form-data' ? toMultipartBody(example, media.schema) : example;
  }
  return bodyType ? { options, bodyType } : { options };
}

/** Multipart examples can't hold files: binary fields become small Blobs with a plausible name. */
function toMultipartBody(example: Json, schemaOrRef: Schema | undefined): Record<string, unknown> {
  const schema = resolve(schemaOrRef ?? {});
  const value: Record<string, unknown> =
    typeof example === 'object' && example !== null ? { ...(example as object) } : {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const resolved = resolve(property);
    if (resolved.format === 'binary' || resolved.contentMediaType !== undefined) {
      value[key] = new File([new Uint8Array([1, 2, 3, 4])], 'sample.iokit', {
        type: 'application/octet-stream',
      });
    }
  }
  return value;
}
