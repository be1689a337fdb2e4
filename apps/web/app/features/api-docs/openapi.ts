/** The parts of an OpenAPI 3.1 document the reference page reads. */
export type OpenApiDocument = {
  servers: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
};

type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  example?: unknown;
};

type OperationObject = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: SchemaObject;
  }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { description?: string }>;
};

export type ApiOperation = {
  id: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description: string }[];
  bodyFields: { name: string; type: string; required: boolean; description: string }[];
  responses: { status: string; description: string }[];
  curl(baseUrl: string): string;
};

/** Every operation of the document, in its order, with what the page shows of it. */
export function listOperations(document: OpenApiDocument): ApiOperation[] {
  const resolve = (schema: SchemaObject | undefined): SchemaObject | undefined => {
    const name = schema?.$ref?.replace("#/components/schemas/", "");
    return name ? resolve(document.components?.schemas?.[name]) : schema;
  };
  const describeType = (schema: SchemaObject | undefined): string => {
    const resolved = resolve(schema);
    if (!resolved) return "";
    if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(" | ");
    const variants = resolved.anyOf ?? resolved.oneOf;
    if (variants) return variants.map(describeType).join(" | ");
    if (resolved.type === "array") return `${describeType(resolved.items)}[]`;
    return Array.isArray(resolved.type) ? resolved.type.join(" | ") : (resolved.type ?? "object");
  };
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const bodySchema = resolve(content["application/json"]?.schema);
      const required = new Set(bodySchema?.required ?? []);
      const bodyFields = Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({
        name,
        type: describeType(schema),
        required: required.has(name),
        description: resolve(schema)?.description ?? schema.description ?? "",
      }));
      const example = bodyExample(bodySchema, resolve);
      const upper = method.toUpperCase();
      operations.push({
        id: `${method}-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}`,
        tag: operation.tags?.[0] ?? "API",
        method: upper,
        path,
        summary: operation.summary ?? `${upper} ${path}`,
        description: operation.description ?? "",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required ?? false,
          description: parameter.description ?? parameter.schema?.description ?? "",
        })),
        bodyFields,
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? "",
        })),
        curl(baseUrl) {
          const url = `${baseUrl}${path.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`)}`;
          const lines = [`curl -X ${upper} '${url}'`, `  -H 'Authorization: Bearer <API key>'`];
          if (example !== undefined) {
            lines.push(`  -H 'Content-Type: application/json'`);
            lines.push(`  -d '${JSON.stringify(example)}'`);
          }
          return lines.join(" \\\n");
        },
      });
    }
  }
  return operations;
}

/** A small request body for the curl example: the required fields with placeholder values. */
function bodyExample(
  schema: SchemaObject | undefined,
  resolve: (schema: SchemaObject | undefined) => SchemaObject | undefined,
): Record<string, unknown> | undefined {
  if (!schema?.properties) {
    const variant = schema?.oneOf?.[0] ?? schema?.anyOf?.[0];
    return variant ? bodyExample(resolve(variant), resolve) : undefined;
  }
  const example: Record<string, unknown> = {};
  const required = schema.required ?? Object.keys(schema.properties).slice(0, 1);
  for (const name of required) {
    const property = resolve(schema.properties[name]);
    if (!property) continue;
    if (property.example !== undefined) example[name] = property.example;
    else if (property.enum) example[name] = property.enum[0];
    else if (property.type === "array") example[name] = [];
    else if (property.type === "object") example[name] = {};
    else if (property.type === "number" || property.type === "integer") example[name] = 1;
    else if (property.type === "boolean") example[name] = true;
    else example[name] = name === "message" ? "Hello" : `<${name}>`;
  }
  return example;
}
