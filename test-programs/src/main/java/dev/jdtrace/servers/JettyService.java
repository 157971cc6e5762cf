package dev.jdtrace.servers;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty 12 on loopback with {@link Page} as its handler (a rendering that throws is Jetty's 500). Prints
 * {@code listening on PORT}, then its main waits in {@code join} until killed.
 */
public final class JettyService {
  private JettyService() {
  }

  public static void main(final String[] args) throws Exception {
    final Server server = new Server();
    final ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(Integer.parseInt(args[0]));
    server.addConnector(connector);
    server.setHandler(new PageHandler());
    server.start();
    System.out.println("listening on " + connector.getLocalPort());
    System.out.flush();
    server.join();
  }

  /** The traced handler. */
  static final class PageHandler extends Handler.Abstract {
    @Override
    public boolean handle(final Request request, final Response response, final Callback callback) {
      final String page = request.getHttpURI().getPath().startsWith("/static") ? Page.STATIC
          : Page.render(request.getHttpURI().getQuery());
      response.setStatus(200);
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
      Content.Sink.write(response, true, page, callback);
      return true;
    }
  }
}
