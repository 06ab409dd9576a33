// Throughput bar of DESIGN §7: the rates and offers endpoints against a bare Fastify hello-world
// measured in the same run, 50 connections for 10 s each; ratio to hello-world and p99.
import Fastify from 'fastify';
import { cannon, call, loadRow } from './http.mjs';
import {
  contract,
  newApplicationWithOffer,
  REQUESTED_OFFER,
  signInNewBorrower,
} from './sandbox.mjs';

export const THROUGHPUT_BUDGET = { ratioToHelloWorld: 0.4, p99ms: 50 };
const HELLO_PORT = 3299;

async function helloWorld() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: HELLO_PORT, host: '127.0.0.1' });
  try {
    return await cannon({ url: `http://127.0.0.1:${HELLO_PORT}/` });
  } finally {
    await hello.close();
  }
}

/**
 * A signed-in borrower whose application has a requested offer, and the offers URL of it; the
 * list is read once so that the load run measures an answer with offers in it.
 */
async function offersSetup(base) {
  const borrower = await signInNewBorrower(base);
  const { appUuid } = await newApplicationWithOffer(base, borrower.token);
  const path = contract.buildPath(contract.getOffers.path, { appUuid });
  const offers = await call(base, path, { token: borrower.token });
  if (!Array.isArray(offers) || offers.length === 0) {
    throw new Error(`${path} lists no offer right after one was requested`);
  }
  return { url: `${base}${path}`, token: borrower.token, offers: offers.length };
}

export async function measureThroughput(base) {
  const offers = await offersSetup(base);
  const bare = await helloWorld();
  const rates = await cannon({
    url: `${base}${contract.postRates.path}?orgCode=default`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(REQUESTED_OFFER),
  });
  const offersRun = await cannon({
    url: offers.url,
    headers: { authorization: `Bearer ${offers.token}` },
  });
  const versus = (run) => ({
    ...loadRow(run),
    ratioToHelloWorld: +(run.requests.average / bare.requests.average).toFixed(2),
  });
  return {
    helloWorld: loadRow(bare),
    rates: versus(rates),
    offers: { ...versus(offersRun), offersListed: offers.offers },
    budget: THROUGHPUT_BUDGET,
  };
}

/** Bars of a throughput result: ratio and p99 of each endpoint, and no failed answers. */
export function throughputBars(result) {
  return ['rates', 'offers'].flatMap((name) => {
    const row = result[name];
    if (row === undefined) return [];
    return [
      {
        bar: `${name}: req/s vs hello-world (${result.helloWorld.reqPerSec}/s)`,
        value: `${row.ratioToHelloWorld}x (${row.reqPerSec}/s)`,
        budget: `>= ${result.budget.ratioToHelloWorld}x`,
        ok: row.ratioToHelloWorld >= result.budget.ratioToHelloWorld,
      },
      {
        bar: `${name}: p99 at 50 connections`,
        value: `${row.p99ms} ms`,
        budget: `<= ${result.budget.p99ms} ms`,
        ok: row.p99ms <= result.budget.p99ms,
      },
      {
        bar: `${name}: non-2xx answers and errors`,
        value: `${row.non2xx} non-2xx, ${row.errors ?? 0} errors`,
        budget: '0',
        ok: row.non2xx === 0 && (row.errors ?? 0) === 0,
      },
    ];
  });
}
