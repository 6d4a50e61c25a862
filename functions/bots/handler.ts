import { botsRoutes } from '#api/routes/bots';
import { cockpitRoutes } from '#api/routes/cockpit';
import { domainHandler } from '#core/middleware';
import * as cockpit from './cockpit';
import * as pause from './pause';
import * as bots from './service';

export const handler = domainHandler(
  { ...botsRoutes, ...cockpitRoutes },
  {
    getBots: (_input, { caller }) => bots.getBots(caller.memberId),
    getDeployLimits: (input, { caller }) => bots.getDeployLimits(caller.memberId, input),
    deployBot: (input, { caller }) => bots.deploy(caller.memberId, input),
    undeployBot: (input, { caller }) => bots.undeploy(caller.memberId, input),
    startDcaAuto: (input, { caller }) => bots.startDcaAuto(caller.memberId, input),
    startDcaManual: (input, { caller }) => bots.startDcaManual(caller.memberId, input),
    listDcaPositions: (_input, { caller }) => bots.listDcaPositions(caller.memberId),
    editDca: (input, { caller }) => bots.editDca(caller.memberId, input),
    dcaOneShot: (input, { caller }) => bots.dcaOneShot(caller.memberId, input.id),
    closeDca: (input, { caller }) => bots.closeDca(caller.memberId, input.id),
    getPositions: (_input, { caller }) => bots.getPositions(caller.memberId),
    getClosedOrders: (input, { caller }) => bots.getClosedOrders(caller.memberId, input),
    getProfitStatement: (_input, { caller }) => bots.getProfitStatement(caller.memberId),
    topUpFuel: (input, { caller }) => bots.topUpFuel(caller.memberId, input),
    getRunningBots: (_input, { caller }) => cockpit.getRunningBots(caller.memberId),
    getBotCockpit: (input, { caller }) => cockpit.getBotCockpit(caller.memberId, input.id),
    getBotJournal: (input, { caller }) => cockpit.getBotJournal(caller.memberId, input),
    getBotVersusModel: (input, { caller }) => cockpit.getBotVersusModel(caller.memberId, input.id),
    pauseBot: (input, { caller }) => pause.pauseBot(caller.memberId, input.id),
    resumeBot: (input, { caller }) => pause.resumeBot(caller.memberId, input.id),
    acknowledgeKill: (input, { caller }) => pause.acknowledgeKill(caller.memberId, input),
  },
);
