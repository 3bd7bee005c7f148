/// The ForageHTTP module. Its contents arrive with their issue.
public enum ForageHTTPModule {}
