// The answer lane in front of Koa: a GET of a kept answer on an open route leaves from Node's own request event, with
// the request line and the metrics the chain would have recorded, before Koa makes a context and runs its middleware.
import { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { AnswerLane, JsonAnswer, LaneHit } from './answerCache.ts';
import { requestIdOf, requestLineWriter, type RequestLine } from './request.ts';

export type FrontLaneOptions = {
  lane: AnswerLane;
  logger: Logger;
  /** the metrics' count of answered requests (`Operations.observeRequest`), when the shop keeps metrics */
  observe?: (method: string, route: string, status: number, seconds: number) => void;
  /**
   * TRUST_PROXY is on: a request without X-Forwarded-For goes down the chain, whose middleware warns about the first
   * one (trustedProxy.ts).
   */
  forwardedOnly: boolean;
};

type Callback = ReturnType<Koa['callback']>;

/**
 * Makes `app.callback()` (and so `app.listen`) answer the lane's open routes in front of Koa. What it answers is what
 * the lane's middleware in the chain would have sent (same headers, the request id among them, same bytes, same
 * request line and metrics): it only skips the context, the middleware promises and the listeners Koa attaches to
 * every response, which for a kept answer were most of the work. A route the owner's token guards, a request with
 * If-None-Match or any other method, and a read that fails or has no answer go to Koa as they came.
 */
export function frontLane(app: Koa, { lane, logger, observe, forwardedOnly }: FrontLaneOptions): void {
  const chainCallback = app.callback.bind(app);
  const writeLine = requestLineWriter(logger);
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    hit: LaneHit,
    answer: JsonAnswer,
    requestId: string,
    started: number,
  ) => {
    const { body, head } = lane.prepared(answer, hit.route, req.headers['accept-encoding']);
    if (logger.isLevelEnabled('info')) {
      res.once('close', () => {
        const line: RequestLine = {
          requestId,
          method: 'GET',
          route: hit.pattern,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          bytes: body.length,
        };
        if (!res.writableFinished) line.aborted = true;
        writeLine(line);
      });
    }
    // Names and values in one list, given to writeHead before any header is set: Node writes them out as they are,
    // without keeping each in its table first.
    res.writeHead(200, ['X-Request-Id', requestId, ...head]);
    res.end(body);
    observe?.('GET', hit.pattern, 200, (performance.now() - started) / 1000);
  };
  app.callback = () => {
    const chain = chainCallback();
    const answer = async (req: IncomingMessage, res: ServerResponse, hit: LaneHit, started: number) => {
      let kept: JsonAnswer | null;
      const requestId = requestIdOf(req);
      try {
        // A context of Koa's own making for the read, which never sees the rest of the chain.
        const ctx = app.createContext(req, res);
        ctx.state.requestId = requestId;
        if (hit.params) (ctx as { params?: Record<string, string> }).params = hit.params;
        kept = await hit.route.read(ctx);
      } catch {
        kept = null;
      }
      if (!kept) {
        lane.tried(req);
        return chain(req, res);
      }
      try {
        send(req, res, hit, kept, requestId, started);
      } catch (error) {
        // Nothing of the answer is known to be right any more: the client sees the connection end.
        logger.warn({ err: (error as Error).message, requestId }, 'response error');
        res.destroy();
      }
    };
    const front: Callback = (req, res) => {
      if (
        !(req instanceof IncomingMessage) ||
        !(res instanceof ServerResponse) ||
        req.method !== 'GET' ||
        req.headers['if-none-match'] !== undefined ||
        (forwardedOnly && req.headers['x-forwarded-for'] === undefined)
      )
        return chain(req, res);
      const url = req.url ?? '';
      const query = url.indexOf('?');
      // A path Koa would read otherwise (an absolute URL, a fragment) matches no route here and goes to the chain.
      const hit = lane.match(query === -1 ? url : url.slice(0, query));
      if (!hit || hit.route.admit) return chain(req, res);
      return answer(req, res, hit, performance.now());
    };
    return front;
  };
}
