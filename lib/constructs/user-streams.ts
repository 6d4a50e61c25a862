import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { IgnoreMode } from 'aws-cdk-lib';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  Cluster,
  ContainerImage,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
} from 'aws-cdk-lib/aws-ecs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { BusinessMetric } from '../../api/metrics';
import { repoRoot } from '../functions';
import { NO_RESOURCE_TO_NAME, suppress } from '../nag';
import type { Egress } from './egress';

/** The alarms' thresholds (docs/decisions/user-data-streams.md explains them). */
export const STREAM_THRESHOLDS = {
  /** Share of the wanted streams not connected, three 5-minute periods in a row. */
  downShare: 0.05,
  /** Reconnections in 5 minutes across the shards: a storm (Binance limits connection attempts per IP). */
  reconnects: 100,
  /** p99 from the exchange's fill to its record, three 5-minute periods in a row. */
  fillDelayP99Ms: 5_000,
  /** A task's memory, three 5-minute periods in a row. */
  memoryPercent: 80,
} as const;

const NAMESPACE = 'Trendex/UserStreams';
/** The figures the tasks write as EMF lines, read back from their log by metric filters. */
const FIGURES = [
  'StreamsOpen',
  'StreamsDown',
  'StreamReconnects',
  'StreamFills',
  'StreamFillDelay',
] as const satisfies readonly BusinessMetric[];

interface UserStreamsProps {
  egress: Egress;
  /** How many shards (one Fargate service of one task each); members are hashed to them. */
  shards: number;
  /** Where the alarms go (Monitoring's topic). */
  alarmTopic: ITopic;
  /** Gives the task role and environment what lib/permissions.ts gives `userStreams`. */
  wire: (grantee: NodejsFunction, name: string) => void;
}

/**
 * The user stream service (functions/streams, docs/decisions/user-data-streams.md): Lambda cannot
 * hold a socket, so each shard is an ECS Fargate service of one ARM task in the egress VPC's
 * private subnets, leaving from the Elastic IPs members whitelist. A task that dies is replaced by
 * ECS; meanwhile its keys' fills are found by the candle-close lookups. A deployment starts the new
 * task before it stops the old one: two streams of one key for a moment record each fill once.
 */
export class UserStreams extends Construct {
  readonly services: FargateService[] = [];
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: UserStreamsProps) {
    super(scope, id);
    if (!Number.isInteger(props.shards) || props.shards < 1)
      throw new Error(`streamShards must be a whole number from 1, not ${props.shards}`);
    const cluster = new Cluster(this, 'Cluster', { vpc: props.egress.vpc });
    suppress(
      'AwsSolutions-ECS4',
      'Container Insights costs per task and metric; the tasks publish their own figures (metric filters below).',
      cluster,
    );
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    const image = ContainerImage.fromAsset(repoRoot, {
      file: 'functions/streams/Dockerfile',
      platform: Platform.LINUX_ARM64,
      ignoreMode: IgnoreMode.DOCKER,
      exclude: [
        '*',
        '!package.json',
        '!package-lock.json',
        '!tsconfig.json',
        '!api',
        '!engine',
        '!functions',
      ],
    });
    for (let shard = 0; shard < props.shards; shard++) {
      const task = new FargateTaskDefinition(this, `Task${shard}`, {
        // ~1,000 streams a task: ccxt pro holds about 430 KB a client (measured), sockets little more
        cpu: 256,
        memoryLimitMiB: 1024,
        runtimePlatform: {
          cpuArchitecture: CpuArchitecture.ARM64,
          operatingSystemFamily: OperatingSystemFamily.LINUX,
        },
      });
      const container = task.addContainer('streams', {
        image,
        logging: LogDrivers.awsLogs({ streamPrefix: `shard${shard}`, logGroup }),
        environment: {
          STREAM_SHARD: String(shard),
          STREAM_SHARDS: String(props.shards),
          POWERTOOLS_SERVICE_NAME: 'userStreams',
        },
        readonlyRootFilesystem: true,
      });
      // the same wiring as a function named `userStreams` (lib/permissions.ts): table, key, push, mail
      const grantee = {
        role: task.taskRole,
        grantPrincipal: task.taskRole,
        addEnvironment: (key: string, value: string) => container.addEnvironment(key, value),
        addToRolePolicy: (statement: Parameters<NodejsFunction['addToRolePolicy']>[0]) =>
          task.addToTaskRolePolicy(statement),
      };
      props.wire(grantee as unknown as NodejsFunction, 'userStreams');
      suppress('AwsSolutions-IAM5[Resource::*]', NO_RESOURCE_TO_NAME, task.obtainExecutionRole());
      suppress(
        'AwsSolutions-ECS2',
        'Its settings are names and ids (table, key id, endpoints), no secret: the key is opened with KMS at run time.',
        task,
      );
      this.services.push(
        new FargateService(this, `Shard${shard}`, {
          cluster,
          taskDefinition: task,
          desiredCount: 1,
          minHealthyPercent: 100,
          maxHealthyPercent: 200,
          circuitBreaker: { rollback: true },
          vpcSubnets: props.egress.placement.vpcSubnets,
          securityGroups: props.egress.placement.securityGroups,
          assignPublicIp: false,
        }),
      );
    }

    const figure = (name: (typeof FIGURES)[number], statistic: string) =>
      new Metric({ namespace: NAMESPACE, metricName: name, statistic, period: Duration.minutes(5) });
    for (const name of FIGURES)
      new MetricFilter(this, `${name}Filter`, {
        logGroup,
        metricNamespace: NAMESPACE,
        metricName: name,
        filterPattern: FilterPattern.exists(`$.${name}`),
        metricValue: `$.${name}`,
      });

    const alarm = (
      alarmId: string,
      metric: IMetric,
      threshold: number,
      description: string,
      options: { below?: boolean; periods?: number; missing?: TreatMissingData } = {},
    ) => {
      const made = new Alarm(this, alarmId, {
        metric,
        threshold,
        evaluationPeriods: options.periods ?? 1,
        comparisonOperator: options.below
          ? ComparisonOperator.LESS_THAN_THRESHOLD
          : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      made.addAlarmAction(new SnsAction(props.alarmTopic));
      this.alarms.push(made);
    };
    // each task publishes its levels once a minute: fewer than every shard's in 5 minutes is a task down
    alarm(
      'Heartbeat',
      figure('StreamsOpen', 'SampleCount'),
      props.shards * 3,
      'User streams: a shard published no levels (its task is down; fills wait for the candle-close lookups)',
      { below: true, missing: TreatMissingData.BREACHING },
    );
    alarm(
      'StreamsDown',
      new MathExpression({
        expression: 'down / MAX([down + open, 1])',
        usingMetrics: { down: figure('StreamsDown', 'Average'), open: figure('StreamsOpen', 'Average') },
        period: Duration.minutes(5),
      }),
      STREAM_THRESHOLDS.downShare,
      'User streams: 5 % of the wanted streams not connected for 15 minutes',
      { periods: 3 },
    );
    alarm(
      'Reconnects',
      figure('StreamReconnects', 'Sum'),
      STREAM_THRESHOLDS.reconnects,
      'User streams: a storm of reconnections (Binance limits connection attempts per IP)',
    );
    alarm(
      'FillDelayP99',
      figure('StreamFillDelay', 'p99'),
      STREAM_THRESHOLDS.fillDelayP99Ms,
      'User streams: p99 from a fill to its record over 5 s',
      { periods: 3 },
    );
    this.services.forEach((service, shard) =>
      alarm(
        `Shard${shard}Memory`,
        service.metricMemoryUtilization({ period: Duration.minutes(5) }),
        STREAM_THRESHOLDS.memoryPercent,
        `User streams shard ${shard}: memory over 80 % (too many keys per task: add shards)`,
        { periods: 3 },
      ),
    );
  }
}
