/**
 * The user stream service in AWS (docs/decisions/user-data-streams.md): one ECS Fargate service of
 * one ARM task per shard, in the egress VPC's private subnets behind the NAT gateway members
 * whitelist, wired as a function named `userStreams` would be (lib/permissions.ts), with its
 * alarms on the operations topic. Synthesized with two shards (`-c streamShards=2`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_THRESHOLDS } from '../../lib/constructs/user-streams';
import { decryptingRoles, ofType, type Props, type Resource, synthesize } from './support';

let resources: Record<string, Resource>;
beforeAll(() => {
  resources = synthesize({}, { streamShards: 2 }).resources;
}, 180_000);

const services = () => ofType(resources, 'AWS::ECS::Service');
const tasks = () => ofType(resources, 'AWS::ECS::TaskDefinition');
const alarms = () =>
  ofType(resources, 'AWS::CloudWatch::Alarm').filter(([id]) => id.startsWith('UserStreams'));
const environmentOf = (task: Resource) =>
  Object.fromEntries(
    (task.Properties!.ContainerDefinitions[0].Environment as { Name: string; Value: unknown }[]).map((e) => [
      e.Name,
      e.Value,
    ]),
  );

describe('the user stream service', () => {
  it('runs one Fargate task per shard, each told its shard, on ARM with a quarter vCPU and 1 GB', () => {
    expect(services()).toHaveLength(2);
    for (const [, service] of services())
      expect(service.Properties).toMatchObject({
        LaunchType: 'FARGATE',
        DesiredCount: 1,
        // a new task starts before the old one stops: a key's fills are recorded once either way
        DeploymentConfiguration: {
          MinimumHealthyPercent: 100,
          MaximumPercent: 200,
          DeploymentCircuitBreaker: { Enable: true, Rollback: true },
        },
      });
    const shards = tasks().map(([, task]) => environmentOf(task));
    expect(shards.map((e) => [e.STREAM_SHARD, e.STREAM_SHARDS])).toEqual([
      ['0', '2'],
      ['1', '2'],
    ]);
    for (const [, task] of tasks()) {
      expect(task.Properties).toMatchObject({
        Cpu: '256',
        Memory: '1024',
        RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      });
      // the executor's settings: the table, the key that opens members' exchange keys, the pushes
      expect(Object.keys(environmentOf(task))).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'SECRETS_KEY_ID', 'WS_MANAGEMENT_ENDPOINT', 'MAIL_FROM']),
      );
    }
  });

  it('leaves from the egress: private subnets of two AZs, the functions’ outbound-only group, no public IP', () => {
    const [[groupId]] = ofType(resources, 'AWS::EC2::SecurityGroup').filter(
      ([, g]) => g.Properties!.GroupDescription === 'Trendex functions that call exchanges: outbound only',
    );
    for (const [, service] of services()) {
      const network = service.Properties!.NetworkConfiguration.AwsvpcConfiguration as Props;
      expect(network.AssignPublicIp).toBe('DISABLED');
      expect(network.SecurityGroups).toEqual([{ 'Fn::GetAtt': [groupId, 'GroupId'] }]);
      expect(network.Subnets).toHaveLength(2);
      for (const { Ref } of network.Subnets as { Ref: string }[])
        expect(resources[Ref].Properties!.MapPublicIpOnLaunch).toBe(false);
    }
  });

  it("may open members' exchange keys (the task role decrypts with the secrets key)", () => {
    const [[keyId]] = ofType(resources, 'AWS::KMS::Key');
    const roles = decryptingRoles(resources, keyId);
    for (const [, task] of tasks())
      expect(roles).toContain(task.Properties!.TaskRoleArn['Fn::GetAtt'][0] as string);
  });

  it('alarms on a shard gone quiet, streams down, a reconnection storm, slow fills and memory', () => {
    const [[topicId]] = ofType(resources, 'AWS::SNS::Topic');
    const byName = Object.fromEntries(
      alarms().map(([id, a]) => [id.replace(/^UserStreams|[0-9A-F]{8}$/g, ''), a]),
    );
    expect(Object.keys(byName).sort()).toEqual(
      ['FillDelayP99', 'Heartbeat', 'Reconnects', 'Shard0Memory', 'Shard1Memory', 'StreamsDown'].sort(),
    );
    for (const alarm of Object.values(byName))
      expect(alarm.Properties!.AlarmActions).toEqual([{ Ref: topicId }]);
    // five minutes of levels, once a minute per shard: fewer than three each, or none, is a task down
    expect(byName.Heartbeat.Properties).toMatchObject({
      MetricName: 'StreamsOpen',
      Statistic: 'SampleCount',
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 6,
      TreatMissingData: 'breaching',
    });
    expect(byName.FillDelayP99.Properties).toMatchObject({
      MetricName: 'StreamFillDelay',
      ExtendedStatistic: 'p99',
      Threshold: STREAM_THRESHOLDS.fillDelayP99Ms,
      EvaluationPeriods: 3,
    });
    expect(byName.StreamsDown.Properties!.Threshold).toBe(STREAM_THRESHOLDS.downShare);
  });

  it("reads the tasks' figures from their log (metric filters: their EMF lines are not extracted outside Lambda)", () => {
    const filters = ofType(resources, 'AWS::Logs::MetricFilter').map(
      ([, f]) => (f.Properties!.MetricTransformations as Props[])[0].MetricName as string,
    );
    expect(filters.sort()).toEqual(
      ['StreamFillDelay', 'StreamFills', 'StreamReconnects', 'StreamsDown', 'StreamsOpen'].sort(),
    );
  });
});
