/** The member's cockpit (issue 31): served by the bots function, every route the member's own bots only. */
import { MessageBody } from '../schemas/common';
import {
  Cockpit,
  DeploymentIdQuery,
  DeploymentIdRequest,
  Journal,
  JournalQuery,
  KillAcknowledgement,
  LiveVersusModel,
  RunningBots,
} from '../schemas/cockpit';
import { Empty, route, type Route } from '../route';

export const cockpitRoutes = {
  getRunningBots: route({
    domain: 'bots',
    access: 'member',
    method: 'GET',
    path: '/bots/running',
    summary:
      "The member's running bots (and kill-switch stops not yet read) with their state, capital and open P&L",
    request: Empty,
    response: RunningBots,
  }),
  getBotCockpit: route({
    domain: 'bots',
    access: 'member',
    method: 'GET',
    path: '/bots/cockpit',
    summary:
      "One of the member's bots: its state, last candle, next close, signal inputs and position with its guards",
    request: DeploymentIdQuery,
    response: Cockpit,
  }),
  getBotJournal: route({
    domain: 'bots',
    access: 'member',
    method: 'GET',
    path: '/bots/journal',
    summary: "Every order one of the member's bots sent or chose not to send, newest first, paged",
    request: JournalQuery,
    response: Journal,
  }),
  getBotVersusModel: route({
    domain: 'bots',
    access: 'member',
    method: 'GET',
    path: '/bots/versus',
    summary:
      "One of the member's bots: its live equity from fills next to the engine's backtest over the same candles",
    request: DeploymentIdQuery,
    response: LiveVersusModel,
  }),
  pauseBot: route({
    domain: 'bots',
    access: 'member',
    method: 'POST',
    path: '/bots/pause',
    summary: 'Pause a bot: its resting orders cancelled, its position kept with its protective stop',
    request: DeploymentIdRequest,
    response: MessageBody,
  }),
  resumeBot: route({
    domain: 'bots',
    access: 'member',
    method: 'POST',
    path: '/bots/resume',
    summary: 'Resume a paused bot: it trades again from the next candle',
    request: DeploymentIdRequest,
    response: MessageBody,
  }),
  acknowledgeKill: route({
    domain: 'bots',
    access: 'member',
    method: 'POST',
    path: '/bots/kill-ack',
    summary:
      'Read a kill-switch stop: resume the bot from its equity now (the deploy gates checked again) or leave it stopped',
    request: KillAcknowledgement,
    response: MessageBody,
  }),
} as const satisfies Record<string, Route>;
