import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import {
  createCuratedAnswer,
  deleteCuratedAnswer,
  type ImproveActor,
  listCuratedAnswers,
  listCuratedVersions,
  restoreCuratedVersion,
  updateCuratedAnswer,
} from "../modules/improve/curated-answers";
import { dismissImprovement, getImprovementQueue } from "../modules/improve/improvement-queue";
import type { AppServices } from "../services/app-services";

/** The largest body: an answer of 5,000 Thai characters with 20 variants of 500 (3 bytes each). */
const bodyLimitBytes = 128 * 1024;

/**
 * `/api/console/improve/*` (admins; mounted in the console API: same-origin writes, no caching):
 * - `GET /queue?botId=`: ImprovementQueueDto, the bot's improvement groups and what improved;
 * - `POST /dismiss` (DismissImprovementSchema): 204, the group leaves the queue until new signals;
 * - `GET /answers?botId=`: CuratedAnswerDto[], newest edit first;
 * - `POST /answers` (SaveCuratedAnswerSchema): 201 CuratedAnswerDto (422 `answers: tooMany`
 *   beyond `analyticsLimits.curatedAnswers` per bot);
 * - `PUT /answers/:id` (SaveCuratedAnswerSchema): the answer, a new version when its text changed;
 * - `DELETE /answers/:id`: 204;
 * - `GET /answers/:id/versions`: CuratedAnswerVersionDto[], newest first;
 * - `POST /answers/:id/restore/:version`: the answer with that version's text, as a new version.
 * Another workspace's bot or answer is 404, like a missing one.
 */
export function createConsoleImproveApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  const db = services.database.db;
  const queueDeps = {
    db,
    logger: services.logger,
    knowledge: {
      search: (workspaceId: string, botId: string, question: string) =>
        services.console.knowledge.search(workspaceId, botId, question),
    },
  };
  const actorOf = async (c: Context<AppEnv>): Promise<ImproveActor> => {
    const member = await services.accounts.requireMember(c, "admin");
    return { workspaceId: member.workspaceId, userId: member.userId };
  };
  const body = jsonBody(bodyLimitBytes);
  const botIdOf = (c: Context<AppEnv>) => c.req.query("botId") ?? "";

  api.get("/queue", async (c) => {
    const { workspaceId } = await actorOf(c);
    return c.json(await getImprovementQueue(queueDeps, workspaceId, botIdOf(c)));
  });
  api.post("/dismiss", body, async (c) => {
    const actor = await actorOf(c);
    await dismissImprovement(queueDeps, actor, await readJsonBody(c));
    return c.body(null, 204);
  });

  api.get("/answers", async (c) => {
    const { workspaceId } = await actorOf(c);
    return c.json(await listCuratedAnswers(db, workspaceId, botIdOf(c)));
  });
  api.post("/answers", body, async (c) => {
    const actor = await actorOf(c);
    return c.json(await createCuratedAnswer(db, actor, await readJsonBody(c)), 201);
  });
  api.put("/answers/:id", body, async (c) => {
    const actor = await actorOf(c);
    return c.json(await updateCuratedAnswer(db, actor, c.req.param("id"), await readJsonBody(c)));
  });
  api.delete("/answers/:id", async (c) => {
    const { workspaceId } = await actorOf(c);
    await deleteCuratedAnswer(db, workspaceId, c.req.param("id"));
    return c.body(null, 204);
  });
  api.get("/answers/:id/versions", async (c) => {
    const { workspaceId } = await actorOf(c);
    return c.json(await listCuratedVersions(db, workspaceId, c.req.param("id")));
  });
  api.post("/answers/:id/restore/:version", async (c) => {
    const actor = await actorOf(c);
    return c.json(
      await restoreCuratedVersion(db, actor, c.req.param("id"), c.req.param("version")),
    );
  });
  return api;
}
