import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDesign } from '../../lambdas/lib/db/table-design';

const stringKey = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

/** The single FitGauge table, shaped by lambdas/lib/db/table-design.ts (the local stack creates the same one). */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  /** ARNs of the table and of each index, for policies that must not grant `index/*`. */
  readonly tableAndIndexArns: string[];

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: stringKey(tableDesign.partitionKey),
      sortKey: stringKey(tableDesign.sortKey),
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDesign.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.tableAndIndexArns = [this.table.tableArn, ...tableDesign.globalIndexes.map((index) => `${this.table.tableArn}/index/${index.indexName}`)];
  }
}
