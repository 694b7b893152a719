import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";

/**
 * How many records the table's stream holds, read from the start of every shard (the local stack's
 * pollers read the same stream from there). Endpoint and credentials come from the local environment.
 */
export const countStreamRecords = async (tableName: string): Promise<number> => {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const dynamodb = new DynamoDBClient({});
  const streams = new DynamoDBStreamsClient(endpoint ? { endpoint } : {});
  try {
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) return 0;
    const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    let records = 0;
    for (const shard of description.StreamDescription?.Shards ?? []) {
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.ShardId,
            ShardIteratorType: "TRIM_HORIZON",
          }),
        )
      ).ShardIterator;
      // An open shard always hands a next iterator; its first empty page means nothing more for now.
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const count = page.Records?.length ?? 0;
        records += count;
        iterator = count > 0 ? page.NextShardIterator : undefined;
      }
    }
    return records;
  } finally {
    dynamodb.destroy();
    streams.destroy();
  }
};
