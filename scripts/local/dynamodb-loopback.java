// DynamoDB Local on one address only. Its command line has no bind option and its Jetty server listens
// on every interface, so this launcher (run by `java` in source-file mode, see dynamodb.ts) builds the
// server from the usual arguments, sets the address of its connector and starts it.
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("fitgauge.dynamodb.host");
    if (host == null || host.isEmpty()) throw new IllegalArgumentException("Set -Dfitgauge.dynamodb.host to the address to listen on.");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    var jettyField = DynamoDBProxyServer.class.getDeclaredField("server");
    jettyField.setAccessible(true);
    Server jetty = (Server) jettyField.get(proxy);
    for (Connector connector : jetty.getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
  }
}
