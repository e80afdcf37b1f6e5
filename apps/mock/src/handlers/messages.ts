// Messages and resource strings: the texts of message keys and legacy resource strings, in the caller's culture.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { messageIn, resourceStringIn } from '../message-cultures/index.ts';
import { isMessageKey } from '../messages.ts';
import { missing, textCulture } from './context.ts';

export function messageHandlers(): Pick<RouteHandlers, 'getMessage' | 'getResourceString'> {
  return {
    getMessage: async (request, reply) => {
      const { key } = request.params;
      if (!isMessageKey(key)) throw missing(request, `Message ${key}`);
      return reply.code(200).send(messageIn(textCulture(request), key));
    },
    getResourceString: async (request, reply) => {
      const { key } = request.params;
      const culture = textCulture(request);
      const text = isMessageKey(key) ? messageIn(culture, key).message : resourceStringIn(culture, key);
      if (text === undefined) throw missing(request, `Resource string ${key}`);
      // A JSON string (not text/plain), as the contract says.
      return reply.type('application/json; charset=utf-8').code(200).send(JSON.stringify(text));
    },
  };
}
