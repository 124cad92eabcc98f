import { Aws, Duration, Fn, Stack } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiLimits } from '../../lambdas/api-limits';
import { PUBLIC_TOKEN_CACHE_SECONDS } from '../../lambdas/system/public-authorizer';
import { schemaPath } from '../../lambdas/schema';
import { ApiFirewall } from './api-firewall';
import { acknowledge, refInFinding } from './nag';
import { pascal } from './functions';

interface ApiProps {
  readonly userPool: cognito.IUserPool;
  /** Function name -> function, as built from lambdaFunctions. */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** "Type.field" -> function name: normally `resolverMap` from lambdas/api-fields.ts. */
  readonly resolvers: Readonly<Record<string, string>>;
  /** AppSync's Lambda authorizer of the signed-out fields (@aws_lambda): lambdas/system/public-authorizer.ts. */
  readonly publicAuthorizer: lambda.IFunction;
  /** The deployment's public token, the one value the authorizer admits (`fitgauge-public-<UUID>`, no regex metacharacters). */
  readonly publicToken: string;
  /** Where the Lambda data sources and their resolvers go (a nested stack: they are most of the app's resources); here when absent. */
  readonly resolverScope?: Construct;
}

/**
 * AppSync serving schema.graphql unchanged: Cognito user pools by default, a Lambda authorizer admitting the site's
 * public token for the fields marked @aws_lambda (signed-out operations; an API key kept alive by a scheduled extension
 * was weighed against it in docs/architecture.md, "Signed-out calls"), IAM for the fields marked @aws_iam (the functions' publish mutations). Every root field is a direct
 * Lambda resolver, no VTL. AWS WAF guards it (api-firewall.ts).
 */
export class Api extends Construct {
  readonly graphqlApi: appsync.GraphqlApi;
  readonly firewall: ApiFirewall;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const logsRole = new iam.Role(this, 'LogsRole', { assumedBy: new iam.ServicePrincipal('appsync.amazonaws.com') });
    this.graphqlApi = new appsync.GraphqlApi(this, 'GraphqlApi', {
      name: `${Stack.of(this).stackName}-api`,
      definition: appsync.Definition.fromFile(schemaPath),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: appsync.AuthorizationType.USER_POOL,
          userPoolConfig: { userPool: props.userPool },
        },
        additionalAuthorizationModes: [
          {
            authorizationType: appsync.AuthorizationType.LAMBDA,
            lambdaAuthorizerConfig: {
              handler: props.publicAuthorizer,
              resultsCacheTtl: Duration.seconds(PUBLIC_TOKEN_CACHE_SECONDS),
              // Exactly the deployment's token: AppSync refuses any other value itself, without invoking the authorizer,
              // so made-up tokens cost no Lambda concurrency (docs/architecture.md, "Signed-out calls").
              validationRegex: Fn.join('', ['^', props.publicToken, '$']),
            },
          },
          // The functions' own roles, for the server-only mutations (@aws_iam) that publish to subscribers.
          { authorizationType: appsync.AuthorizationType.IAM },
        ],
      },
      logConfig: {
        fieldLogLevel: appsync.FieldLogLevel.ERROR,
        // Verbose content would put request headers (bearer tokens) and resolver payloads (personal data) in the logs.
        excludeVerboseContent: true,
        retention: logs.RetentionDays.ONE_MONTH,
        role: logsRole,
      },
      // The web app and the local gateway work from schema.graphql; nobody needs to discover it from the live API.
      introspectionConfig: appsync.IntrospectionConfig.DISABLED,
      // The same limits the local gateway enforces: one request cannot fan out into thousands of Lambda calls.
      queryDepthLimit: apiLimits.queryDepth,
      resolverCountLimit: apiLimits.resolverCount,
      // Traces each request through its resolvers into the functions' own traces (they trace actively).
      xrayEnabled: true,
    });
    this.firewall = new ApiFirewall(this, 'Firewall', { api: this.graphqlApi });
    // AppSync writes to /aws/appsync/apis/<apiId> (created with its retention by CDK): streams in that group only.
    const apiResource = this.graphqlApi.node.defaultChild as appsync.CfnGraphQLApi;
    // AppSync allows one resolver per field: resolvers moved into another stack could not be created on an API that still
    // has the ones its own stack held before (those go only when the update ends). With a logical id of its own, an API
    // whose resolvers live elsewhere is a new API, resolvers included (docs/operations.md, "Upgrading to the split stacks").
    if (props.resolverScope) apiResource.overrideLogicalId(`${Stack.of(this).resolve(apiResource.logicalId)}WithNestedResolvers`);
    logsRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [`arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:/aws/appsync/apis/${apiResource.attrApiId}:*`],
      }),
    );
    acknowledge(
      logsRole,
      'AppSync names the log streams itself inside the API\'s own log group; ":*" covers the streams of that one group.',
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:/aws/appsync/apis/${refInFinding(apiResource, 'ApiId')}:*]`,
    );
    acknowledge(
      apiResource,
      'Request logging is on (errors, CloudWatch role); verbose content is excluded on purpose because it carries bearer tokens and personal data.',
      'AwsSolutions-ASC3',
    );

    const dataSources = new Map<string, appsync.LambdaDataSource>();
    for (const [name, fn] of props.functions) {
      const dataSource = new appsync.LambdaDataSource(props.resolverScope ?? this.graphqlApi, `${pascal(name)}DataSource`, {
        api: this.graphqlApi,
        lambdaFunction: fn,
        description: `Direct Lambda resolvers served by the ${name} function`,
      });
      acknowledge(
        dataSource,
        'CDK grants AppSync invoke on the function and its versions/aliases (ARN + ":*"); it is this one function.',
        `AwsSolutions-IAM5[Resource::${refInFinding(fn.node.defaultChild as lambda.CfnFunction, 'Arn', dataSource)}:*]`,
      );
      dataSources.set(name, dataSource);
    }

    for (const [field, functionName] of Object.entries(props.resolvers)) {
      const [typeName, fieldName] = field.split('.');
      const dataSource = dataSources.get(functionName);
      if (!typeName || !fieldName || !dataSource) {
        throw new Error(`Resolver ${field} names unknown function ${functionName}`);
      }
      new appsync.Resolver(props.resolverScope ?? this.graphqlApi, `${typeName}${pascal(fieldName)}Resolver`, {
        api: this.graphqlApi,
        dataSource,
        typeName,
        fieldName,
      });
    }
  }
}
