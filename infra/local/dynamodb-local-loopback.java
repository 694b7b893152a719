// DynamoDB Local on one address only. Its own main (ServerRunner) builds a Jetty server from a port
// alone, which listens on every interface, and it has no option for the address (`-help` lists none up
// to 3.3.1): a developer's table would be open to their whole network. This builds the same server
// through the entry point AWS documents for embedding (ServerRunner.createServerFromCommandLineArgs),
// sets the address on its one connector before it starts, and then starts it as ServerRunner does.
//
// Compiled on first use by dynamodb-local.ts into node_modules/.cache (javac, so a JDK, not only a
// JRE), then run as `java -cp DynamoDBLocal.jar:<that folder> DynamoDbLocalOnLoopback <host> <DynamoDB
// Local arguments>`: the repository holds no compiled class.
// Anything unexpected (a renamed field, another connector type) ends the process before it listens,
// so a new DynamoDB Local release fails to start rather than quietly listening everywhere again.

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public final class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    if (args.length < 1) throw new IllegalArgumentException("usage: <host> <DynamoDB Local arguments>");
    String host = args[0];
    DynamoDBProxyServer proxy =
        ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length != 1 || !(connectors[0] instanceof ServerConnector)) {
      throw new IllegalStateException("DynamoDB Local's server has connectors " + Arrays.toString(connectors));
    }
    ((ServerConnector) connectors[0]).setHost(host);
    exitWhenParentGoes();
    proxy.start();
    // ServerRunner's start prints a port already taken and stops the server instead of throwing.
    if (!jetty.isStarted()) System.exit(1);
  }

  // The local stack holds our stdin open; when it ends, however abruptly (SIGKILL included), the pipe
  // closes and we end too, instead of holding the port and the data for nobody.
  private static void exitWhenParentGoes() {
    Thread watcher =
        new Thread(
            () -> {
              try {
                while (System.in.read() != -1) {}
              } catch (IOException closed) {
                // A broken pipe is the same news as end of file.
              }
              System.exit(0);
            },
            "parent-watcher");
    watcher.setDaemon(true);
    watcher.start();
  }
}
